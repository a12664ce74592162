import { Badge, Group, Stack, Text } from '@mantine/core';
import type { FileAccount } from '@prumo/contract/imports';

const kindLabels: Record<FileAccount['kind'], string> = {
  bank_account: 'Conta',
  credit_card: 'Cartão de crédito',
};

// Badges keep their whole label in narrow table cells instead of turning into "…".
const fullLabel = { label: { overflow: 'visible' } } as const;

/** "Itaú Unibanco · Agência 0001 · Conta 12345-6", as far as the statement told. */
export function describeAccount(account: FileAccount): string {
  const parts = [account.bank_name ?? (account.bank_code ? `Banco ${account.bank_code}` : 'Banco não identificado')];
  if (account.branch) parts.push(`Agência ${account.branch}`);
  if (account.account_number) {
    parts.push(`${account.kind === 'credit_card' ? 'Cartão' : 'Conta'} ${account.account_number}`);
  }
  return parts.join(' · ');
}

/** The accounts and cards a file brought, new ones marked 'Nova conta'. */
export function FileAccounts({ accounts }: { accounts: FileAccount[] }) {
  if (accounts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhuma conta encontrada
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {accounts.map((account) => (
        <Group key={account.origin} gap={6}>
          <Text size="sm">{describeAccount(account)}</Text>
          <Badge size="xs" variant="outline" color="gray" tt="none" styles={fullLabel}>
            {kindLabels[account.kind]}
          </Badge>
          {account.new_account ? (
            <Badge size="xs" variant="light" color="blue" tt="none" styles={fullLabel}>
              Nova conta
            </Badge>
          ) : null}
        </Group>
      ))}
    </Stack>
  );
}
