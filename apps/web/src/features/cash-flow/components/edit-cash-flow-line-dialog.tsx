import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CashFlowLine } from '@prumo/contract/cash-flow';
import type { Origin } from '@prumo/contract/origins';
import { parseBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { formatIsoDate } from '../../../lib/format';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { type CashFlowLineEdit, useEditCashFlowLine } from '../api/edit-cash-flow-line';
import { useClientOrigins } from '../api/get-client-origins';
import {
  formatAmountInput,
  lineFormMessages,
  readPositiveCents,
  validateLineAmount,
  validateLineDate,
} from './line-amount';
import { LineAmountAndDateFields, LineFlowControl } from './line-money-fields';

interface LineValues {
  name: string;
  amount: string;
  date: string;
  flow: 'expense' | 'income';
  origin: string | null;
}

const formFields = ['name', 'amount', 'date', 'flow', 'origin'];

/** How an account reads in the picker: a card says so, an ignored account too. */
function describeAccount(origin: Origin): string {
  const kind = origin.kind === 'credit_card' ? ' · cartão' : '';
  return `${origin.name}${kind}${origin.ignored ? ' (ignorada)' : ''}`;
}

/**
 * 'Editar transação': a typed line changes in name, amount, date and account (any of the client's);
 * an imported one in its name only — the rest is the statement's, shown but not editable.
 */
export function EditCashFlowLineDialog({
  line,
  opened,
  onClose,
}: {
  line: CashFlowLine;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Editar transação" centered>
      {/* Mounted only while open, so each opening starts from the line as it is now. */}
      {opened ? <EditCashFlowLineForm line={line} onDone={onClose} /> : null}
    </Modal>
  );
}

function EditCashFlowLineForm({ line, onDone }: { line: CashFlowLine; onDone: () => void }) {
  const typed = line.created_from === 'manual';
  const edit = useEditCashFlowLine();
  const accounts = useClientOrigins({ enabled: typed });
  const form = useForm<LineValues>({
    initialValues: {
      name: line.name,
      amount: formatAmountInput(line.amount),
      date: formatIsoDate(line.date),
      flow: line.amount < 0 ? 'expense' : 'income',
      origin: String(line.origins),
    },
    validate: {
      name: (value) => (value.trim() ? null : lineFormMessages.required),
      amount: (value) => (typed ? validateLineAmount(value) : null),
      date: (value) => (typed ? validateLineDate(value) : null),
      origin: (value) => (!typed || value ? null : lineFormMessages.required),
    },
    validateInputOnBlur: true,
  });
  // Until the accounts arrive, the line's own is the one choice.
  const accountChoices = (accounts.data ?? []).map((origin) => ({
    value: String(origin.id),
    label: describeAccount(origin),
  }));
  if (!accountChoices.some((choice) => choice.value === String(line.origins))) {
    accountChoices.unshift({ value: String(line.origins), label: line.origin_name });
  }

  const handleSubmit = form.onSubmit((values) => {
    let changes: CashFlowLineEdit = { name: values.name.trim() };
    if (typed) {
      const cents = readPositiveCents(values.amount);
      const date = parseBrazilianDate(values.date);
      if (cents === null || !date || !values.origin) return;
      changes = {
        ...changes,
        amount: values.flow === 'expense' ? -cents : cents,
        date,
        origin: Number(values.origin),
      };
    }
    edit.mutate(
      { id: line.id, changes },
      {
        onSuccess: () => {
          notifySuccess('Transação alterada');
          onDone();
        },
        onError: createFormMutationErrorHandler(form, { fields: formFields }),
      },
    );
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {typed ? <LineFlowControl inputProps={form.getInputProps('flow')} /> : null}
        <TextInput label="Nome" required data-autofocus {...form.getInputProps('name')} />
        {typed ? (
          <>
            <LineAmountAndDateFields
              amountProps={form.getInputProps('amount')}
              dateProps={form.getInputProps('date')}
            />
            <Select
              label="Conta"
              required
              allowDeselect={false}
              data={accountChoices}
              description={
                accounts.isError
                  ? 'Não foi possível carregar as contas: a transação fica na conta atual.'
                  : 'Num cartão, a transação conta no vencimento da fatura.'
              }
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('origin')}
            />
          </>
        ) : (
          <Stack gap={2}>
            <Text size="sm">
              {formatCents(line.amount)} em {formatIsoDate(line.date)} · {line.origin_name}
            </Text>
            <Text size="xs" c="dimmed">
              Transação importada: valor, data e conta vêm do extrato e não podem ser alterados. Só o nome pode mudar.
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={edit.isPending}>
            Cancelar
          </Button>
          <Button type="submit" loading={edit.isPending}>
            Salvar alterações
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
