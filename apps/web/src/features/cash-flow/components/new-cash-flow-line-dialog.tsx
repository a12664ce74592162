import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { parseBrazilianDate } from '@prumo/domain/br/date';
import { formatIsoDate, toIsoDate } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useCreateCashFlowLine } from '../api/create-cash-flow-line';
import { DescriptionSelect } from './description-select';
import { lineFormMessages, readPositiveCents, validateLineAmount, validateLineDate } from './line-amount';
import { LineAmountAndDateFields, LineFlowControl } from './line-money-fields';

interface NewLineValues {
  name: string;
  amount: string;
  date: string;
  flow: 'expense' | 'income';
  description: number | null;
  category: number | null;
}

function buildInitialValues(): NewLineValues {
  return {
    name: '',
    amount: '',
    date: formatIsoDate(toIsoDate(new Date())),
    flow: 'expense',
    description: null,
    category: null,
  };
}

/** 'Nova transação': a line typed by hand (POST cash-flow/), the amount in pt-BR and sent in cents. */
export function NewCashFlowLineDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Nova transação" centered>
      {/* Mounted only while open, so each opening starts empty. */}
      {opened ? <NewCashFlowLineForm onDone={onClose} /> : null}
    </Modal>
  );
}

function NewCashFlowLineForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCashFlowLine();
  const form = useForm<NewLineValues>({
    initialValues: buildInitialValues(),
    validate: {
      name: (value) => (value.trim() ? null : lineFormMessages.required),
      amount: validateLineAmount,
      date: validateLineDate,
    },
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const cents = readPositiveCents(values.amount);
    const date = parseBrazilianDate(values.date);
    if (cents === null || !date) return;
    create.mutate(
      {
        name: values.name.trim(),
        amount: values.flow === 'expense' ? -cents : cents,
        date,
        category: values.category,
        description: values.description,
      },
      {
        onSuccess: () => {
          notifySuccess('Transação criada');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: Object.keys(form.values) }),
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <LineFlowControl inputProps={form.getInputProps('flow')} />
        <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
        <LineAmountAndDateFields amountProps={form.getInputProps('amount')} dateProps={form.getInputProps('date')} />
        <DescriptionSelect
          label="Categoria"
          placeholder="Sem categoria"
          value={form.values.description}
          onChange={(description) =>
            form.setValues({ description: description?.id ?? null, category: description?.category ?? null })
          }
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Salvar transação
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
