import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Debt } from '@prumo/contract/debts';
import { validationMessages } from '@prumo/domain/account/messages';
import { formatCents } from '@prumo/domain/money/cents';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { FormActions, FormDialog, moneyInputProps } from '../../../components/form-dialog';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import {
  checkTypedAmount,
  formatTypedCents,
  formatTypedPercent,
  readTypedAmount,
  readTypedPercent,
  readTypedWholeNumber,
} from '../../../lib/typed-values';
import { useDeleteDebt } from '../api/delete-debt';
import { useSaveDebt } from '../api/save-debt';
import { pickColumns, useItemEditing } from '../hooks/use-item-editing';
import { EditableItems } from './asset-group';
import { DeleteItemDialog } from './delete-item-dialog';
import { describeDebtPayoff, formatMonthlyRate, showOwed } from './holdings-labels';
import { RowActions } from './row-actions';

const debtColumns: DataColumn[] = [
  { key: 'name', header: 'Dívida', phone: 'title' },
  { key: 'balance', header: 'Saldo devedor', phone: 'aside', align: 'right', nowrap: true },
  { key: 'payment', header: 'Parcela', nowrap: true },
  { key: 'rate', header: 'Juros', nowrap: true },
  { key: 'left', header: 'Parcelas restantes' },
  { key: 'payoff', header: 'Quitação' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

const rateMessage = 'Informe a taxa em % ao mês, com até 4 casas decimais (ex.: 1,99).';
const installmentsMessage = 'Informe um número inteiro de parcelas.';

function DebtForm({ debt, onDone }: { debt: Debt | null; onDone: () => void }) {
  const save = useSaveDebt();
  const form = useForm({
    initialValues: {
      name: debt?.name ?? '',
      balance: formatTypedCents(debt?.balance ?? null),
      monthly_payment: formatTypedCents(debt?.monthly_payment ?? null),
      interest_rate: debt ? formatTypedPercent(debt.interest_rate) : '',
      installments_left: debt?.installments_left === null || !debt ? '' : String(debt.installments_left),
    },
    validate: {
      name: (value) => (value.trim() ? null : validationMessages.required),
      balance: (value) => checkTypedAmount(value, { required: true, aboveZero: true }),
      monthly_payment: (value) => checkTypedAmount(value, { required: true, aboveZero: true }),
      interest_rate: (value) =>
        !value.trim() ? validationMessages.required : readTypedPercent(value) === null ? rateMessage : null,
      installments_left: (value) =>
        !value.trim() || readTypedWholeNumber(value) !== null ? null : installmentsMessage,
    },
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit((values) => {
    const body = {
      name: values.name.trim(),
      balance: readTypedAmount(values.balance) ?? 0,
      monthly_payment: readTypedAmount(values.monthly_payment) ?? 0,
      interest_rate: readTypedPercent(values.interest_rate) ?? 0,
      installments_left: readTypedWholeNumber(values.installments_left),
    };
    save.mutate(
      { id: debt?.id ?? null, body },
      {
        onSuccess: () => {
          notifySuccess(debt ? 'Dívida atualizada' : 'Dívida adicionada');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: Object.keys(values) }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Nome"
          required
          data-autofocus
          placeholder="Ex.: Financiamento do carro"
          {...form.getInputProps('name')}
        />
        <TextInput label="Saldo devedor" required {...moneyInputProps} {...form.getInputProps('balance')} />
        <TextInput label="Parcela mensal" required {...moneyInputProps} {...form.getInputProps('monthly_payment')} />
        <TextInput
          label="Juros ao mês (%)"
          required
          inputMode="decimal"
          placeholder="0,00"
          rightSection="%"
          {...form.getInputProps('interest_rate')}
        />
        <TextInput
          label="Parcelas restantes"
          description="Em branco, a quitação é calculada pelo saldo, pela parcela e pelos juros."
          inputMode="numeric"
          {...form.getInputProps('installments_left')}
        />
        <FormActions saving={save.isPending} saveLabel="Salvar dívida" onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Dívidas: what is owed, the payment, the interest and when each ends at the current payment. */
export function DebtsGroup({ debts, readOnly }: { debts: Debt[]; readOnly: boolean }) {
  const editing = useItemEditing<Debt>();
  const remove = useDeleteDebt();
  return (
    <>
      <EditableItems
        count={debts.length}
        readOnly={readOnly}
        addLabel="Adicionar dívida"
        onAdd={editing.startNew}
        emptyText="Nenhuma dívida. Se houver um financiamento, empréstimo ou parcelamento, adicione-o com “Adicionar dívida” para ver quando termina."
        readerEmptyText="Nenhuma dívida informada."
      >
        <DataTable label="Dívidas" columns={pickColumns(debtColumns, readOnly)} minWidth={860}>
          {debts.map((debt) => (
            <DataRow key={debt.id} label={debt.name}>
              <DataCell column="name">
                <Text size="sm" fw={600}>
                  {debt.name}
                </Text>
              </DataCell>
              <DataCell column="balance">
                <AmountText amount={showOwed(debt.balance)} />
              </DataCell>
              <DataCell column="payment">
                <Text size="sm">{formatCents(debt.monthly_payment)}</Text>
              </DataCell>
              <DataCell column="rate">
                <Text size="sm">{formatMonthlyRate(debt.interest_rate)}</Text>
              </DataCell>
              <DataCell column="left">
                <Text size="sm">{debt.installments_left ?? 'Não informadas'}</Text>
              </DataCell>
              <DataCell column="payoff">
                <Text
                  size="sm"
                  c={debt.never_paid_off ? 'red.8' : undefined}
                  fw={debt.never_paid_off ? 600 : undefined}
                >
                  {describeDebtPayoff(debt)}
                </Text>
              </DataCell>
              <DataCell column="actions">
                <RowActions
                  name={debt.name}
                  onEdit={() => editing.startEdit(debt)}
                  onDelete={() => editing.askDelete(debt)}
                />
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      </EditableItems>
      <FormDialog
        opened={editing.draft !== null}
        title={editing.draft?.item ? 'Editar dívida' : 'Nova dívida'}
        onClose={editing.closeDraft}
      >
        {editing.draft ? <DebtForm debt={editing.draft.item} onDone={editing.closeDraft} /> : null}
      </FormDialog>
      <DeleteItemDialog
        target={editing.deleting ? { variables: editing.deleting.id, name: editing.deleting.name } : null}
        title="Excluir dívida"
        doneMessage="Dívida excluída"
        remove={remove}
        onClose={editing.closeDelete}
      />
    </>
  );
}
