import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CardBill } from '@prumo/contract/my-assets';
import { parseBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { FormActions, moneyInputProps } from '../../../components/form-dialog';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { formatDateMask, formatIsoDate } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { checkTypedAmount, checkTypedDate, formatTypedCents, readTypedAmount } from '../../../lib/typed-values';
import { useEditCardBill } from '../api/edit-card-bill';

/** 'Corrigir fatura': its dates as the bank set them, and its amount when it differs from the lines'. */
export function BillEditForm({ bill, onDone }: { bill: CardBill; onDone: () => void }) {
  const edit = useEditCardBill();
  const form = useForm({
    initialValues: {
      closing_date: formatIsoDate(bill.closing_date),
      due_date: formatIsoDate(bill.due_date),
      amount: bill.corrected ? formatTypedCents(bill.amount) : '',
    },
    validate: {
      closing_date: checkTypedDate,
      due_date: checkTypedDate,
      amount: (value) => checkTypedAmount(value),
    },
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit((values) => {
    const closingDate = parseBrazilianDate(values.closing_date);
    const dueDate = parseBrazilianDate(values.due_date);
    if (!closingDate || !dueDate) return;
    edit.mutate(
      {
        id: bill.id,
        changes: { closing_date: closingDate, due_date: dueDate, amount: readTypedAmount(values.amount) },
      },
      {
        onSuccess: () => {
          notifySuccess('Fatura corrigida');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: ['closing_date', 'due_date', 'amount'] }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text fw={600}>Corrigir a fatura de {formatIsoDate(bill.due_date)}</Text>
        <Group grow align="flex-start">
          <MaskedTextInput
            label="Fechamento"
            required
            placeholder="dd/mm/aaaa"
            format={formatDateMask}
            {...form.getInputProps('closing_date')}
          />
          <MaskedTextInput
            label="Vencimento"
            required
            placeholder="dd/mm/aaaa"
            format={formatDateMask}
            {...form.getInputProps('due_date')}
          />
        </Group>
        <TextInput
          label="Valor cobrado pelo banco"
          description={`Em branco, vale a soma dos lançamentos: ${formatCents(bill.lines_amount)}.`}
          {...moneyInputProps}
          {...form.getInputProps('amount')}
        />
        <FormActions saving={edit.isPending} saveLabel="Salvar fatura" onCancel={onDone} />
      </Stack>
    </form>
  );
}
