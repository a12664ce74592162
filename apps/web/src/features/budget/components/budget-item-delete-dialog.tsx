import type { BudgetItem } from '@prumo/contract/budget';
import { formatCents } from '@prumo/domain/money/cents';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useDeleteIdealBudgetItem } from '../api/change-ideal-budget-item';
import { useDeleteBudgetItem } from '../api/delete-budget-item';
import type { ItemBudget } from './budget-item-dialog';

/** The question, naming the item as its screen lists it. */
function askDeletion(budget: ItemBudget, item: BudgetItem): string {
  const amount = formatCents(item.amount);
  if (budget.kind === 'ideal') {
    return `Excluir ${item.category_name} · ${item.description_name ?? 'Toda a categoria'} (${amount}) do orçamento ideal?`;
  }
  const description = item.description_name ? ` · ${item.description_name}` : '';
  return `Excluir ${item.category_name}${description} (${amount}) do orçamento?`;
}

interface BudgetItemDeleteDialogProps {
  budget: ItemBudget;
  /** The item asked about; null while closed. */
  item: BudgetItem | null;
  onClose: () => void;
}

/** 'Excluir item': confirms, then deletes the item through its budget's call. */
export function BudgetItemDeleteDialog({ budget, item, onClose }: BudgetItemDeleteDialogProps) {
  const removeMonthItem = useDeleteBudgetItem();
  const removeIdealItem = useDeleteIdealBudgetItem();
  const remove = budget.kind === 'ideal' ? removeIdealItem : removeMonthItem;

  const confirmDelete = () => {
    if (!item) return;
    remove.mutate(item.id, {
      onSuccess: () => {
        notifySuccess('Item excluído');
        onClose();
      },
      onError: (error) => {
        notifyMutationError(error);
      },
    });
  };

  return (
    <ConfirmDialog
      opened={item !== null}
      title="Excluir item"
      message={item ? askDeletion(budget, item) : ''}
      confirmLabel="Excluir"
      danger
      loading={remove.isPending}
      onConfirm={confirmDelete}
      onClose={onClose}
    />
  );
}
