import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { MyAccount } from '@prumo/contract/my-assets';
import { dayOfMonthMessage } from '@prumo/domain/records/day-of-month-schema';
import { FormActions, FormDialog, moneyInputProps } from '../../../components/form-dialog';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { checkTypedAmount, formatTypedCents, readTypedAmount, readTypedWholeNumber } from '../../../lib/typed-values';
import { useEditCreditCard } from '../api/edit-credit-card';

function checkDay(text: string): string | null {
  const day = readTypedWholeNumber(text);
  return day !== null && day >= 1 && day <= 31 ? null : dayOfMonthMessage;
}

function CardEditForm({ card, onDone }: { card: MyAccount; onDone: () => void }) {
  const edit = useEditCreditCard();
  const form = useForm({
    initialValues: {
      closing_day: card.closing_day === null ? '' : String(card.closing_day),
      due_day: card.due_day === null ? '' : String(card.due_day),
      limit: formatTypedCents(card.limit),
    },
    validate: { closing_day: checkDay, due_day: checkDay, limit: (value) => checkTypedAmount(value) },
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit((values) => {
    edit.mutate(
      {
        id: card.id,
        changes: {
          closing_day: Number(values.closing_day),
          due_day: Number(values.due_day),
          limit: readTypedAmount(values.limit),
        },
      },
      {
        onSuccess: () => {
          notifySuccess('Cartão atualizado');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: ['closing_day', 'due_day', 'limit'] }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Os dias põem cada compra na sua fatura. Ao mudá-los, as faturas ainda não fechadas são refeitas; as fechadas e
          pagas ficam como estão.
        </Text>
        <Group grow align="flex-start">
          <TextInput
            label="Dia do fechamento"
            required
            inputMode="numeric"
            data-autofocus
            {...form.getInputProps('closing_day')}
          />
          <TextInput label="Dia do vencimento" required inputMode="numeric" {...form.getInputProps('due_day')} />
        </Group>
        <TextInput
          label="Limite"
          description="Em branco, sem limite informado."
          {...moneyInputProps}
          {...form.getInputProps('limit')}
        />
        <FormActions saving={edit.isPending} saveLabel="Salvar cartão" onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** 'Editar cartão': its closing and due days and its limit. */
export function CardEditDialog({ card, onClose }: { card: MyAccount | null; onClose: () => void }) {
  return (
    <FormDialog opened={card !== null} title={`Editar cartão: ${card?.name ?? ''}`} onClose={onClose}>
      {card ? <CardEditForm card={card} onDone={onClose} /> : null}
    </FormDialog>
  );
}
