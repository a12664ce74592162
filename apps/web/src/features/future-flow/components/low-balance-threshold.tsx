import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { checkTypedAmount, formatTypedCents, readTypedAmount } from '../../../lib/typed-values';
import { useLowBalanceThreshold, useSaveLowBalanceThreshold } from '../api/low-balance-threshold';

/** The balance below which a projected month raises an insight ("saldo mínimo"); blank or zero: below zero. */
export function LowBalanceThreshold({ viewsClient }: { viewsClient: boolean }) {
  const threshold = useLowBalanceThreshold();
  const save = useSaveLowBalanceThreshold();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (threshold.data) setText(formatTypedCents(threshold.data.low_balance_threshold));
  }, [threshold.data]);
  const submit = () => {
    const message = checkTypedAmount(text);
    setError(message);
    if (message) return;
    save.mutate(readTypedAmount(text) ?? 0, {
      onSuccess: () => notifySuccess('Saldo mínimo salvo.'),
      onError: (failure) => notifyMutationError(failure),
    });
  };
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Aviso de saldo baixo"
        description={
          viewsClient
            ? 'Um insight avisa o cliente do primeiro mês em que o saldo projetado fica abaixo deste valor (ou de zero).'
            : 'Avisamos você do primeiro mês em que o saldo projetado ficar abaixo deste valor (ou de zero).'
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Saldo mínimo (R$)"
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          disabled={threshold.isPending}
          style={{ flex: '1 1 12rem', maxWidth: '20rem' }}
        />
        <Button onClick={submit} loading={save.isPending}>
          Salvar
        </Button>
      </Group>
      {threshold.isError ? (
        <Text size="xs" c="red.8">
          Não foi possível ler o saldo mínimo.
        </Text>
      ) : null}
    </Paper>
  );
}
