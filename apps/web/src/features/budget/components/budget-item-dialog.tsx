import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { BudgetItem } from '@prumo/contract/budget';
import {
  type BudgetItemRecurrence,
  budgetItemRecurrenceLabels,
  budgetItemRecurrences,
} from '@prumo/domain/budget/budget-recurrence';
import { readTypedCents } from '@prumo/domain/money/cents';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useCreateIdealBudgetItem, useUpdateIdealBudgetItem } from '../api/change-ideal-budget-item';
import { useCreateBudgetItem } from '../api/create-budget-item';
import { useUpdateBudgetItem } from '../api/update-budget-item';
import { useBudgetCategoryOptions } from '../hooks/use-budget-category-options';

const requiredMessage = 'Este campo é obrigatório';
const invalidAmountMessage = 'Valor inválido';
const notPositiveAmountMessage = 'O valor deve ser maior que zero.';

/** Whose items: a month's budget (by id), or the ideal budget, a template that never repeats by date. */
export type ItemBudget = { kind: 'month'; id: number } | { kind: 'ideal' };

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
  budget: ItemBudget;
  draft: BudgetItemDraft | null;
  onClose: () => void;
}

/**
 * 'Novo item' / 'Editar item': a planned amount for a category (and maybe one of its descriptions),
 * in a month's budget or in the ideal budget.
 */
export function BudgetItemDialog({ budget, draft, onClose }: BudgetItemDialogProps) {
  const budgetName = budget.kind === 'ideal' ? 'do orçamento ideal' : 'do orçamento';
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.mode === 'edit' ? `Editar item ${budgetName}` : `Novo item ${budgetName}`}
      centered
    >
      {/* Mounted only while open, so each opening starts from its draft. */}
      {draft ? <BudgetItemForm budget={budget} draft={draft} onDone={onClose} /> : null}
    </Modal>
  );
}

interface SavedItem {
  category: number;
  description: number | null;
  /** Positive integer cents. */
  amount: number;
  recurrence: BudgetItemRecurrence;
}

interface SaveCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** Creates or changes an item through its budget's calls; the ideal budget's items have no recurrence. */
function useSaveBudgetItem(budget: ItemBudget) {
  const create = useCreateBudgetItem();
  const update = useUpdateBudgetItem();
  const createIdeal = useCreateIdealBudgetItem();
  const updateIdeal = useUpdateIdealBudgetItem();
  const save = (draft: BudgetItemDraft, item: SavedItem, callbacks: SaveCallbacks) => {
    if (budget.kind === 'ideal') {
      const values = { category: item.category, description: item.description, amount: item.amount };
      if (draft.mode === 'edit') updateIdeal.mutate({ id: draft.item.id, values }, callbacks);
      else createIdeal.mutate(values, callbacks);
      return;
    }
    if (draft.mode === 'edit') update.mutate({ id: draft.item.id, changes: item }, callbacks);
    else create.mutate({ budget: budget.id, ...item }, callbacks);
  };
  const saving = create.isPending || update.isPending || createIdeal.isPending || updateIdeal.isPending;
  return { save, saving };
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

function BudgetItemForm({ budget, draft, onDone }: { budget: ItemBudget; draft: BudgetItemDraft; onDone: () => void }) {
  const options = useBudgetCategoryOptions();
  const { save, saving } = useSaveBudgetItem(budget);
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

  const handleError = createFormMutationErrorHandler(form, {
    fields: ['category', 'description', 'amount', 'recurrence'],
  });

  const handleSubmit = form.onSubmit((values) => {
    const amount = readPositiveCents(values.amount);
    if (amount === null || !values.category) return;
    const item = {
      category: Number(values.category),
      description: values.description ? Number(values.description) : null,
      amount,
      recurrence: values.recurrence,
    };
    save(draft, item, {
      onSuccess: () => {
        notifySuccess(draft.mode === 'edit' ? 'Item atualizado' : 'Item criado');
        onDone();
      },
      onError: handleError,
    });
  });

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
        {budget.kind === 'ideal' ? null : (
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
              Nos meses seguintes sem orçamento próprio, o item se repete todo mês, só no mesmo mês de cada ano, ou não
              se repete.
            </Text>
            {form.errors.recurrence ? (
              <Text size="xs" c="red">
                {form.errors.recurrence}
              </Text>
            ) : null}
          </Stack>
        )}
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
