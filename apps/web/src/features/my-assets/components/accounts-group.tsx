import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MyAccount } from '@prumo/contract/my-assets';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { formatIsoDate } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useRenameAccount } from '../api/rename-account';
import { AccountHistoryDialog } from './account-history-dialog';
import { ImportedItemsHint, OptionalAmount } from './asset-group';

const accountColumns: DataColumn[] = [
  { key: 'name', header: 'Conta', phone: 'title' },
  { key: 'balance', header: 'Saldo', phone: 'aside', align: 'right', nowrap: true },
  { key: 'source', header: 'Origem do saldo' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

/** Whether a balance is the one stated (a statement, the client) or worked out from the lines. */
export function describeBalanceSource(account: MyAccount): string {
  if (account.balance === null) return 'Sem saldo ainda';
  if (account.balance_known && account.balance_date) return `Informado em ${formatIsoDate(account.balance_date)}`;
  return 'Calculado pelas transações';
}

/** The bank and number under a nicknamed account, so the client still knows which it is. */
function describeBankAndNumber(account: MyAccount): string | null {
  if (!account.nickname) return null;
  const parts = [account.bank, account.number].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function AccountName({ account }: { account: MyAccount }) {
  const bankAndNumber = describeBankAndNumber(account);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {account.name}
      </Text>
      {bankAndNumber ? (
        <Text size="xs" c="dimmed">
          {bankAndNumber}
        </Text>
      ) : null}
      <Group gap={4}>
        {account.typed ? (
          <Badge size="xs" variant="light" color="gray">
            Criada à mão
          </Badge>
        ) : null}
        {account.ignored ? (
          <Badge size="xs" variant="light" color="gray">
            Ignorada
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

/** Renaming in place: the name becomes a field; blank gives back the bank's name. */
function RenameAccountForm({ account, onDone }: { account: MyAccount; onDone: () => void }) {
  const rename = useRenameAccount();
  const form = useForm({ initialValues: { nickname: account.nickname ?? account.name } });
  const handleSubmit = form.onSubmit((values) => {
    rename.mutate(
      { id: account.id, nickname: values.nickname.trim() || null },
      {
        onSuccess: () => {
          notifySuccess('Conta renomeada');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: ['nickname'] }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap={6}>
        <TextInput
          label="Nome da conta"
          size="xs"
          data-autofocus
          description="Em branco, volta ao nome do banco."
          {...form.getInputProps('nickname')}
        />
        <Group gap={6} wrap="nowrap">
          <Button type="submit" size="compact-sm" loading={rename.isPending}>
            Salvar nome
          </Button>
          <Button variant="default" size="compact-sm" onClick={onDone} disabled={rename.isPending}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface AccountRowProps {
  account: MyAccount;
  readOnly: boolean;
  onOpenHistory: (account: MyAccount) => void;
}

function AccountRow({ account, readOnly, onOpenHistory }: AccountRowProps) {
  const [renaming, setRenaming] = useState(false);
  return (
    <DataRow label={account.name} opacity={account.ignored ? 0.6 : undefined}>
      <DataCell column="name">
        {renaming ? (
          <RenameAccountForm account={account} onDone={() => setRenaming(false)} />
        ) : (
          <AccountName account={account} />
        )}
      </DataCell>
      <DataCell column="balance">
        {/* While renaming, the field takes the whole top line of a phone's card. */}
        {renaming ? null : <OptionalAmount amount={account.balance} />}
      </DataCell>
      <DataCell column="source">
        <Text size="sm" c={account.balance_known ? undefined : 'dimmed'}>
          {describeBalanceSource(account)}
        </Text>
      </DataCell>
      <DataCell column="actions">
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            onClick={() => onOpenHistory(account)}
            aria-label={`Histórico de ${account.name}`}
          >
            Histórico
          </Button>
          {readOnly || renaming ? null : (
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setRenaming(true)}
              aria-label={`Renomear ${account.name}`}
            >
              Renomear
            </Button>
          )}
        </Group>
      </DataCell>
    </DataRow>
  );
}

interface AccountsGroupProps {
  accounts: MyAccount[];
  readOnly: boolean;
  /** Meu caixa, where statements are imported. */
  cashRegisterHref: string;
}

/** Contas: each account's balance today, stated or worked out; renamed in place; opens its history. */
export function AccountsGroup({ accounts, readOnly, cashRegisterHref }: AccountsGroupProps) {
  const [historyOf, setHistoryOf] = useState<MyAccount | null>(null);
  if (accounts.length === 0) {
    return (
      <ImportedItemsHint
        text="Nenhuma conta ainda. As contas aparecem aqui ao importar um extrato em"
        cashRegisterHref={cashRegisterHref}
      />
    );
  }
  return (
    <>
      <DataTable label="Contas" columns={accountColumns} minWidth={640}>
        {accounts.map((account) => (
          <AccountRow key={account.id} account={account} readOnly={readOnly} onOpenHistory={setHistoryOf} />
        ))}
      </DataTable>
      <AccountHistoryDialog account={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
