import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type BudgetItemRecurrence,
  budgetItemRecurrenceLabels,
  budgetItemRecurrences,
} from '@prumo/domain/budget/budget-recurrence';
import { readTypedCents } from '@prumo/domain/money/cents';
import { describeError, isApiError } from '../../../lib/errors';
import { applyServerFieldErrors } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import type { BudgetItem } from '../../../types/budget-api';
import { useCreateBudgetItem } from '../api/create-budget-item';
import { useUpdateBudgetItem } from '../api/update-budget-item';
import { useBudgetCategoryOptions } from '../hooks/use-budget-category-options';

const requiredMessage = 'Este campo é obrigatório';
const invalidAmountMessage = 'Valor inválido';
const notPositiveAmountMessage = 'O valor deve ser maior que zero.';

/** What the dialog opens with: an item to edit, or a new one (maybe with a category and description chosen). */
export type BudgetItemDraft =
  | { mode: 'edit'; item: BudgetItem }
  | { mode: 'create'; category: number | null; description: number | null };

/** The typed amount in positive cents, or null when unreadable, zero or negative. */
function readPositiveCents(text: string): number | null {
  const cents = readTypedCents(text);
  return cents !== null && cents > 0 ? cents : null;
}

/** Empty, unreadable, or readable but not above zero: each says what to fix. */
function validateAmount(text: string): string | null {
  if (!text.trim()) return requiredMessage;
  const cents = readTypedCents(text);
  if (cents === null) return invalidAmountMessage;
  return cents > 0 ? null : notPositiveAmountMessage;
}

/** Cents as the person would type them: "1234,5" → "1234,50". */
function formatTypedAmount(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

interface ItemValues {
  category: string | null;
  description: string | null;
  amount: string;
  recurrence: BudgetItemRecurrence;
}

interface BudgetItemDialogProps {
  budgetId: number;
  draft: BudgetItemDraft | null;
  onClose: () => void;
}

/** 'Novo item' / 'Editar item': a planned amount for a category (and maybe one of its descriptions). */
export function BudgetItemDialog({ budgetId, draft, onClose }: BudgetItemDialogProps) {
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.mode === 'edit' ? 'Editar item do orçamento' : 'Novo item do orçamento'}
      centered
    >
      {/* Mounted only while open, so each opening starts from its draft. */}
      {draft ? <BudgetItemForm budgetId={budgetId} draft={draft} onDone={onClose} /> : null}
    </Modal>
  );
}

function buildInitialValues(draft: BudgetItemDraft): ItemValues {
  if (draft.mode === 'edit') {
    return {
      category: String(draft.item.category),
      description: draft.item.description === null ? null : String(draft.item.description),
      amount: formatTypedAmount(draft.item.amount),
      recurrence: draft.item.recurrence,
    };
  }
  return {
    category: draft.category === null ? null : String(draft.category),
    description: draft.description === null ? null : String(draft.description),
    amount: '',
    recurrence: 'monthly',
  };
}

function BudgetItemForm({ budgetId, draft, onDone }: { budgetId: number; draft: BudgetItemDraft; onDone: () => void }) {
  const options = useBudgetCategoryOptions();
  const create = useCreateBudgetItem();
  const update = useUpdateBudgetItem();
  const form = useForm<ItemValues>({
    initialValues: buildInitialValues(draft),
    validate: {
      category: (value) => (value ? null : requiredMessage),
      amount: validateAmount,
    },
    validateInputOnBlur: true,
  });
  const descriptionOptions = form.values.category
    ? (options.descriptionsByCategory.get(Number(form.values.category)) ?? [])
    : [];

  const handleError = (error: unknown) => {
    if (isApiError(error) && error.notified) return;
    const fieldErrors = isApiError(error) ? error.fieldErrors : {};
    const unplaced = applyServerFieldErrors(
      fieldErrors,
      ['category', 'description', 'amount', 'recurrence'],
      form.setFieldError,
    );
    if (Object.keys(fieldErrors).length === 0) notifyError(describeError(error));
    else if (unplaced[0]) notifyError(unplaced[0]);
  };

  const handleSubmit = form.onSubmit((values) => {
    const amount = readPositiveCents(values.amount);
    if (amount === null || !values.category) return;
    const category = Number(values.category);
    const description = values.description ? Number(values.description) : null;
    const { recurrence } = values;
    if (draft.mode === 'edit') {
      update.mutate(
        { id: draft.item.id, changes: { category, description, amount, recurrence } },
        {
          onSuccess: () => {
            notifySuccess('Item atualizado');
            onDone();
          },
          onError: handleError,
        },
      );
      return;
    }
    create.mutate(
      { budget: budgetId, category, description, amount, recurrence },
      {
        onSuccess: () => {
          notifySuccess('Item criado');
          onDone();
        },
        onError: handleError,
      },
    );
  });
  const saving = create.isPending || update.isPending;

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Select
          label="Categoria"
          required
          searchable
          nothingFoundMessage="Nenhuma categoria encontrada"
          placeholder={options.isPending ? 'Carregando…' : 'Escolha a categoria'}
          data={options.categoryGroups}
          {...form.getInputProps('category')}
          onChange={(value) => form.setValues({ category: value, description: null })}
        />
        <Select
          label="Descrição"
          searchable
          clearable
          description="Sem escolher uma descrição, o valor vale para toda a categoria."
          nothingFoundMessage="Nenhuma descrição encontrada"
          placeholder="Toda a categoria"
          disabled={!form.values.category}
          data={descriptionOptions}
          {...form.getInputProps('description')}
        />
        <TextInput
          label="Valor planejado"
          required
          // Focus on the amount: an open list on the first field would cover the form.
          data-autofocus
          inputMode="decimal"
          placeholder="0,00"
          leftSection="R$"
          description="Use vírgula para os centavos, por exemplo 1.234,56"
          {...form.getInputProps('amount')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="budget-item-recurrence">
            Repetição
          </Text>
          <SegmentedControl
            aria-labelledby="budget-item-recurrence"
            fullWidth
            data={budgetItemRecurrences.map((value) => ({ value, label: budgetItemRecurrenceLabels[value] }))}
            value={form.values.recurrence}
            onChange={(value) => form.setFieldValue('recurrence', value as BudgetItemRecurrence)}
          />
          <Text size="xs" c="dimmed">
            Nos meses seguintes sem orçamento próprio, o item se repete todo mês, só no mesmo mês de cada ano, ou não se
            repete.
          </Text>
          {form.errors.recurrence ? (
            <Text size="xs" c="red">
              {form.errors.recurrence}
            </Text>
          ) : null}
        </Stack>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar item
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
