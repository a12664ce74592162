import { Badge, Button, Group, Paper, Skeleton, Text } from '@mantine/core';
import type { BankAccount } from '@prumo/contract/plans';
import { formatCnpj } from '@prumo/domain/br/cnpj';
import { formatCpf } from '@prumo/domain/br/cpf';
import { bankAccountTypeLabels } from '@prumo/domain/payments/bank-account-schemas';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { type EditingDraft, FormDialog } from '../../../components/form-dialog';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { useBankAccounts } from '../api/get-bank-accounts';
import { BankAccountForm } from './bank-account-form';
import type { FinancialSectionProps } from './plans-section';

const accountColumns: DataColumn[] = [
  { key: 'bank', header: 'Banco', phone: 'title' },
  { key: 'default', header: 'Padrão', phone: 'aside' },
  { key: 'branch', header: 'Agência', nowrap: true },
  { key: 'account', header: 'Conta', nowrap: true },
  { key: 'type', header: 'Tipo' },
  { key: 'holder', header: 'Titular' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

function joinCheckDigit(number: string, checkDigit: string | null): string {
  return checkDigit ? `${number}-${checkDigit}` : number;
}

function formatHolderDocument(account: BankAccount): string {
  return account.holder_type === 'company' ? formatCnpj(account.holder_document) : formatCpf(account.holder_document);
}

/** Contas bancárias: where the gateway pays the organization, the default one marked. */
export function BankAccountsSection({ canManage }: FinancialSectionProps) {
  const accounts = useBankAccounts();
  const [draft, setDraft] = useState<EditingDraft<BankAccount> | null>(null);
  const isFirst = accounts.isSuccess && accounts.data.length === 0;
  return (
    <Paper withBorder p="md" component="section" aria-label="Contas bancárias">
      <SectionHeader
        title="Contas bancárias"
        description="Onde o gateway de pagamento deposita o que os clientes pagam: a conta padrão recebe."
        actions={
          canManage ? (
            <Button onClick={() => setDraft({ item: null })} disabled={!accounts.isSuccess}>
              Nova conta
            </Button>
          ) : null
        }
      />
      {accounts.isPending ? <Skeleton h={80} /> : null}
      {accounts.isError ? (
        <ErrorState message={describeError(accounts.error)} onRetry={() => accounts.refetch()} />
      ) : null}
      {isFirst ? (
        <Text size="sm" c="dimmed">
          Nenhuma conta cadastrada. A primeira conta será a padrão.
        </Text>
      ) : null}
      {accounts.isSuccess && accounts.data.length > 0 ? (
        <DataTable label="Contas bancárias" columns={accountColumns} minWidth={820}>
          {accounts.data.map((account) => (
            <DataRow key={account.id} label={`${account.bank_name} ${account.account_number}`}>
              <DataCell column="bank">
                <Text size="sm" fw={600}>
                  {account.bank} – {account.bank_name}
                </Text>
              </DataCell>
              <DataCell column="default">
                {account.is_default ? (
                  <Badge color="teal" variant="light">
                    Padrão
                  </Badge>
                ) : null}
              </DataCell>
              <DataCell column="branch">
                <Text size="sm">{joinCheckDigit(account.branch_number, account.branch_check_digit)}</Text>
              </DataCell>
              <DataCell column="account">
                <Text size="sm">{joinCheckDigit(account.account_number, account.account_check_digit)}</Text>
              </DataCell>
              <DataCell column="type">
                <Text size="sm">{bankAccountTypeLabels[account.type]}</Text>
              </DataCell>
              <DataCell column="holder">
                <Group gap={4} wrap="wrap">
                  <Text size="sm">{account.holder_name}</Text>
                  <Text size="xs" c="dimmed">
                    {formatHolderDocument(account)}
                  </Text>
                </Group>
              </DataCell>
              <DataCell column="actions">
                {canManage ? (
                  <Button
                    variant="light"
                    size="compact-sm"
                    onClick={() => setDraft({ item: account })}
                    aria-label={`Editar conta ${account.bank_name} ${account.account_number}`}
                  >
                    Editar
                  </Button>
                ) : null}
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      ) : null}
      <FormDialog
        opened={draft !== null}
        title={draft?.item ? 'Editar conta bancária' : 'Nova conta bancária'}
        onClose={() => setDraft(null)}
        size="md"
      >
        {draft ? <BankAccountForm account={draft.item} isFirst={isFirst} onDone={() => setDraft(null)} /> : null}
      </FormDialog>
    </Paper>
  );
}
