import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { readTypedCents } from '@prumo/domain/money/cents';
import { describeError, isApiError } from '../../../lib/errors';
import { applyServerFieldErrors } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import type { BudgetItem } from '../../../types/budget-api';
import { useCreateIdealBudgetItem, useUpdateIdealBudgetItem } from '../api/change-ideal-budget-item';
import { useBudgetCategoryOptions } from '../hooks/use-budget-category-options';

const requiredMessage = 'Este campo é obrigatório';

/** Empty, unreadable, or readable but not above zero: each says what to fix. */
function validateAmount(text: string): string | null {
  if (!text.trim()) return requiredMessage;
  const cents = readTypedCents(text);
  if (cents === null) return 'Valor inválido';
  return cents > 0 ? null : 'O valor deve ser maior que zero.';
}

interface ItemValues {
  category: string | null;
  description: string | null;
  amount: string;
}

/** What the dialog opens with: an ideal item to edit, or a new one. */
export type IdealItemDraft = { mode: 'edit'; item: BudgetItem } | { mode: 'create' };

function buildInitialValues(draft: IdealItemDraft): ItemValues {
  if (draft.mode === 'create') return { category: null, description: null, amount: '' };
  return {
    category: String(draft.item.category),
    description: draft.item.description === null ? null : String(draft.item.description),
    amount: (draft.item.amount / 100).toFixed(2).replace('.', ','),
  };
}

/** 'Novo item' / 'Editar item' of the ideal budget: a planned amount for a category (maybe one description). */
export function IdealBudgetItemDialog({ draft, onClose }: { draft: IdealItemDraft | null; onClose: () => void }) {
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.mode === 'edit' ? 'Editar item do orçamento ideal' : 'Novo item do orçamento ideal'}
      centered
    >
      {draft ? <IdealItemForm draft={draft} onDone={onClose} /> : null}
    </Modal>
  );
}

function IdealItemForm({ draft, onDone }: { draft: IdealItemDraft; onDone: () => void }) {
  const options = useBudgetCategoryOptions();
  const create = useCreateIdealBudgetItem();
  const update = useUpdateIdealBudgetItem();
  const form = useForm<ItemValues>({
    initialValues: buildInitialValues(draft),
    validate: { category: (value) => (value ? null : requiredMessage), amount: validateAmount },
    validateInputOnBlur: true,
  });
  const descriptionOptions = form.values.category
    ? (options.descriptionsByCategory.get(Number(form.values.category)) ?? [])
    : [];

  const handlers = {
    onSuccess: () => {
      notifySuccess(draft.mode === 'edit' ? 'Item atualizado' : 'Item criado');
      onDone();
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.notified) return;
      const fieldErrors = isApiError(error) ? error.fieldErrors : {};
      const unplaced = applyServerFieldErrors(fieldErrors, ['category', 'description', 'amount'], form.setFieldError);
      if (Object.keys(fieldErrors).length === 0) notifyError(describeError(error));
      else if (unplaced[0]) notifyError(unplaced[0]);
    },
  };

  const handleSubmit = form.onSubmit((typed) => {
    const amount = readTypedCents(typed.amount);
    if (amount === null || amount <= 0 || !typed.category) return;
    const values = {
      category: Number(typed.category),
      description: typed.description ? Number(typed.description) : null,
      amount,
    };
    if (draft.mode === 'edit') update.mutate({ id: draft.item.id, values }, handlers);
    else create.mutate(values, handlers);
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
          data-autofocus
          inputMode="decimal"
          placeholder="0,00"
          leftSection="R$"
          description="Use vírgula para os centavos, por exemplo 1.234,56"
          {...form.getInputProps('amount')}
        />
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
