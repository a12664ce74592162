import { Button, Group, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FileAccount, Pendency } from '@prumo/contract/imports';
import { formatCents, readTypedCents } from '@prumo/domain/money/cents';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { type PendencyCompletion, useCompletePendency } from '../api/complete-pendency';
import { useFiles } from '../api/get-files';
import { usePendencies } from '../api/get-pendencies';
import { describeAccount } from './file-accounts';
import { FileName } from './file-name';

const dayMessage = 'Informe um dia entre 1 e 31.';
const requiredMessage = 'Este campo é obrigatório';

function checkDay(value: number | string): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 31 ? null : dayMessage;
}

/** "1.234,56" (no currency sign), for a balance the statement already told. */
function formatCentsForInput(cents: number | null): string {
  return cents === null ? '' : formatCents(cents).replace(/R\$\s?/, '');
}

interface PendenciesPanelProps {
  /** A card's dates move its purchases to the bill's due date: the page refreshes the cash flow. */
  onCompleted?: () => void;
  /** Only the pendencies of these files (one import's); every file's without it. */
  fileIds?: readonly number[];
}

/** 'Pendências' (GET pendency/): what new accounts and cards still need, one form each. */
export function PendenciesPanel({ onCompleted, fileIds }: PendenciesPanelProps) {
  const allPendencies = usePendencies();
  const pendencies = {
    ...allPendencies,
    data: allPendencies.data?.filter((pendency) => !fileIds || fileIds.includes(pendency.fileId)),
  };
  const files = useFiles();
  const accounts = new Map<number, FileAccount>();
  for (const file of files.data?.results ?? []) {
    for (const account of file.accounts) accounts.set(account.origin, account);
  }

  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Pendências"
        description="Contas e cartões novos precisam destes dados para o caixa ficar certo."
      />
      {pendencies.isPending ? <PageLoader label="Carregando pendências…" /> : null}
      {pendencies.isError ? (
        <ErrorState message={describeError(pendencies.error)} onRetry={() => pendencies.refetch()} />
      ) : null}
      {pendencies.data ? (
        pendencies.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma pendência.
          </Text>
        ) : (
          <Stack gap="sm">
            {pendencies.data.map((pendency) => (
              <PendencyForm
                key={`${pendency.fileId}-${pendency.originId}`}
                pendency={pendency}
                account={accounts.get(pendency.originId) ?? null}
                onCompleted={onCompleted}
              />
            ))}
          </Stack>
        )
      ) : null}
    </Paper>
  );
}

function PendencyForm({
  pendency,
  account,
  onCompleted,
}: {
  pendency: Pendency;
  account: FileAccount | null;
  onCompleted?: () => void;
}) {
  const complete = useCompletePendency();
  const isCard = pendency.kind === 'credit_card';
  // The file list's words when the account is on its page; else the name pendency/ gives.
  const accountLabel = account ? describeAccount(account) : pendency.name;
  const form = useForm({
    initialValues: {
      balance: formatCentsForInput(pendency.balance),
      closeDay: (pendency.closeDay ?? '') as number | string,
      dueDate: (pendency.dueDate ?? '') as number | string,
    },
    validate: isCard
      ? { closeDay: checkDay, dueDate: checkDay }
      : {
          balance: (value) =>
            !value.trim() ? requiredMessage : readTypedCents(value) === null ? 'Valor inválido' : null,
        },
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    let completion: PendencyCompletion;
    if (isCard) {
      completion = { closeDay: Number(values.closeDay), dueDate: Number(values.dueDate) };
    } else {
      const balance = readTypedCents(values.balance);
      if (balance === null) return;
      completion = { balance };
    }
    // The account goes with the file: a file may have brought several, each completed on its own.
    complete.mutate(
      { fileId: pendency.fileId, originId: pendency.originId, completion },
      {
        onSuccess: (answer) => {
          notifySuccess(answer?.detail || 'Pendência resolvida');
          onCompleted?.();
        },
        onError: (error) => {
          notifyMutationError(error);
        },
      },
    );
  });

  return (
    <Paper withBorder p="sm" bg="gray.0">
      <form onSubmit={handleSubmit} noValidate aria-label={`Pendência: ${accountLabel}`}>
        <Stack gap="xs">
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {accountLabel}
            </Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                Do arquivo
              </Text>
              <FileName name={pendency.filename} size="xs" fw={400} c="dimmed" />
            </Group>
          </Stack>
          <Group align="flex-start" gap="sm">
            {isCard ? (
              <>
                <NumberInput
                  label="Dia de fechamento"
                  min={1}
                  max={31}
                  // A day outside 1–31 is told, not turned into 31 behind the person's back.
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  w={160}
                  {...form.getInputProps('closeDay')}
                />
                <NumberInput
                  label="Dia de vencimento"
                  min={1}
                  max={31}
                  clampBehavior="none"
                  allowDecimal={false}
                  allowNegative={false}
                  w={160}
                  {...form.getInputProps('dueDate')}
                />
              </>
            ) : (
              <TextInput
                label="Saldo atual"
                inputMode="decimal"
                placeholder="0,00"
                leftSection="R$"
                w={200}
                {...form.getInputProps('balance')}
              />
            )}
            <Button type="submit" mt={25} loading={complete.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
