import type { BudgetItem } from '@prumo/contract/budget';
import type { BudgetItemRecurrence } from '@prumo/domain/budget/budget-recurrence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { budgetQueryKey } from './get-month-budget';

export interface NewBudgetItem {
  budget: number;
  category: number;
  description: number | null;
  /** Positive integer cents. */
  amount: number;
  recurrence: BudgetItemRecurrence;
}

/** POST budget-item/: 201 with the item; 417 'Não foi possível criar item'. */
export function createBudgetItem(item: NewBudgetItem): Promise<BudgetItem> {
  return requestApi<BudgetItem>('budget-item/', { method: 'POST', body: item });
}

export function useCreateBudgetItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBudgetItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetQueryKey }),
  });
}
