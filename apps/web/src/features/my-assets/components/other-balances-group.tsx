import { Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { OtherBalance } from '@prumo/contract/other-balances';
import { validationMessages } from '@prumo/domain/account/messages';
import { parseBrazilianDate } from '@prumo/domain/br/date';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { FormActions, FormDialog, moneyInputProps } from '../../../components/form-dialog';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { formatDateMask, formatIsoDate, toIsoDate } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { checkTypedAmount, checkTypedDate, formatTypedCents, readTypedAmount } from '../../../lib/typed-values';
import { useDeleteOtherBalance } from '../api/delete-other-balance';
import { useSaveOtherBalance } from '../api/save-other-balance';
import { pickColumns, useItemEditing } from '../hooks/use-item-editing';
import { EditableItems } from './asset-group';
import { DeleteItemDialog } from './delete-item-dialog';
import { RowActions } from './row-actions';

const balanceColumns: DataColumn[] = [
  { key: 'name', header: 'Bem', phone: 'title' },
  { key: 'balance', header: 'Valor', phone: 'aside', align: 'right', nowrap: true },
  { key: 'date', header: 'Valor em', nowrap: true },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

function OtherBalanceForm({ balance, onDone }: { balance: OtherBalance | null; onDone: () => void }) {
  const save = useSaveOtherBalance();
  const form = useForm({
    initialValues: {
      name: balance?.name ?? '',
      balance: formatTypedCents(balance?.balance ?? null),
      date: formatIsoDate(balance?.date ?? toIsoDate(new Date())),
    },
    validate: {
      name: (value) => (value.trim() ? null : validationMessages.required),
      balance: (value) => checkTypedAmount(value, { required: true }),
      date: checkTypedDate,
    },
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit((values) => {
    const date = parseBrazilianDate(values.date);
    if (!date) return;
    save.mutate(
      {
        id: balance?.id ?? null,
        body: { name: values.name.trim(), balance: readTypedAmount(values.balance) ?? 0, date },
      },
      {
        onSuccess: () => {
          notifySuccess(balance ? 'Bem atualizado' : 'Bem adicionado');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: ['name', 'balance', 'date'] }),
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
          placeholder="Ex.: Apartamento, carro, FGTS"
          {...form.getInputProps('name')}
        />
        <TextInput label="Valor" required {...moneyInputProps} {...form.getInputProps('balance')} />
        <MaskedTextInput
          label="Valor em"
          description="O dia em que o bem valia isso (hoje ou antes)."
          required
          placeholder="dd/mm/aaaa"
          format={formatDateMask}
          {...form.getInputProps('date')}
        />
        <FormActions saving={save.isPending} saveLabel="Salvar bem" onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Outros bens: a property, a car, cash, FGTS — what the client has outside their accounts. */
export function OtherBalancesGroup({ balances, readOnly }: { balances: OtherBalance[]; readOnly: boolean }) {
  const editing = useItemEditing<OtherBalance>();
  const remove = useDeleteOtherBalance();
  return (
    <>
      <EditableItems
        count={balances.length}
        readOnly={readOnly}
        addLabel="Adicionar bem"
        onAdd={editing.startNew}
        emptyText="Nenhum bem ainda. Adicione um imóvel, um carro, dinheiro guardado ou o FGTS com “Adicionar bem”."
        readerEmptyText="Nenhum outro bem informado."
      >
        <DataTable label="Outros bens" columns={pickColumns(balanceColumns, readOnly)} minWidth={560}>
          {balances.map((balance) => (
            <DataRow key={balance.id} label={balance.name}>
              <DataCell column="name">
                <Text size="sm" fw={600}>
                  {balance.name}
                </Text>
              </DataCell>
              <DataCell column="balance">
                <AmountText amount={balance.balance} />
              </DataCell>
              <DataCell column="date">
                <Text size="sm">{formatIsoDate(balance.date)}</Text>
              </DataCell>
              <DataCell column="actions">
                <RowActions
                  name={balance.name}
                  onEdit={() => editing.startEdit(balance)}
                  onDelete={() => editing.askDelete(balance)}
                />
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      </EditableItems>
      <FormDialog
        opened={editing.draft !== null}
        title={editing.draft?.item ? 'Editar bem' : 'Novo bem'}
        onClose={editing.closeDraft}
      >
        {editing.draft ? <OtherBalanceForm balance={editing.draft.item} onDone={editing.closeDraft} /> : null}
      </FormDialog>
      <DeleteItemDialog
        target={editing.deleting ? { variables: editing.deleting.id, name: editing.deleting.name } : null}
        title="Excluir bem"
        doneMessage="Bem excluído"
        remove={remove}
        onClose={editing.closeDelete}
      />
    </>
  );
}
