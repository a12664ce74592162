import type { BudgetItem } from '@prumo/contract/budget';
import type { BudgetItemRecurrence } from '@prumo/domain/budget/budget-recurrence';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { budgetQueryKey } from './get-month-budget';

export interface BudgetItemChanges {
  category?: number;
  description?: number | null;
  amount?: number;
  recurrence?: BudgetItemRecurrence;
}

/** PUT budget-item/{id}/: 200 with the item. */
export function updateBudgetItem({ id, changes }: { id: number; changes: BudgetItemChanges }): Promise<BudgetItem> {
  return requestApi<BudgetItem>(`budget-item/${id}/`, { method: 'PUT', body: changes });
}

export function useUpdateBudgetItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudgetItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetQueryKey }),
  });
}
