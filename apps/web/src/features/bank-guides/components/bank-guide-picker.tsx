import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { filterOptionsIgnoringAccents } from '../../../lib/options-filter';
import { useBankGuides } from '../api/get-bank-guides';
import { BankGuideDialog } from './bank-guide-dialog';
import { readStatementGuide } from './guide-steps';

/**
 * In the import: the client picks their bank and sees how to download its statement. `offerFor`
 * may add another way to bring that bank's lines (connecting it), shown in the guide. With
 * `openedFor` (a connection to that bank failed) its guide opens at once.
 */
export function BankGuidePicker({
  offerFor,
  openedFor,
}: {
  offerFor?: (bank: { code: string; name: string }) => ReactNode;
  openedFor?: string | null;
}) {
  const banks = useBankGuides();
  const [code, setCode] = useState<string | null>(openedFor ?? null);
  const [opened, setOpened] = useState(Boolean(openedFor));
  const bank = banks.data?.find((candidate) => candidate.code === code) ?? null;

  return (
    <Stack gap={4}>
      <Text size="sm">Não sabe baixar o extrato? Veja o passo a passo do seu banco:</Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Select
          label="Banco"
          placeholder={banks.isPending ? 'Carregando bancos…' : 'Escolha seu banco'}
          searchable
          filter={filterOptionsIgnoringAccents}
          nothingFoundMessage="Nenhum banco encontrado"
          data={(banks.data ?? []).map((candidate) => ({ value: candidate.code, label: candidate.name }))}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (value) setOpened(true);
          }}
          error={banks.isError ? 'Não foi possível carregar os bancos.' : undefined}
          size="sm"
          flex={1}
          miw={0}
        />
        {/* Choosing the same bank again changes nothing: this reopens its guide. */}
        {bank ? (
          <Button variant="subtle" size="sm" onClick={() => setOpened(true)}>
            Ver guia
          </Button>
        ) : null}
      </Group>
      <BankGuideDialog
        opened={opened && bank !== null}
        onClose={() => setOpened(false)}
        guide={bank ? readStatementGuide(bank) : null}
        offer={bank && offerFor ? offerFor({ code: bank.code, name: bank.name }) : undefined}
      />
    </Stack>
  );
}
