import type { BudgetItem } from '@prumo/contract/budget';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import { budgetQueryKey } from './get-month-budget';

export interface IdealItemValues {
  category: number;
  description: number | null;
  /** Positive integer cents. */
  amount: number;
}

/** An ideal item changes what a month may copy: budgets and the future flow's offers read again. */
function refreshAfterIdealChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: budgetQueryKey }),
    queryClient.invalidateQueries({ queryKey: sharedQueryKeys.futureFlow }),
  ]);
}

/** POST budget-item/?budget_ideal=True: 201 with the item (the ideal budget is made on first need). */
export function createIdealBudgetItem(values: IdealItemValues): Promise<BudgetItem> {
  return requestApi<BudgetItem>('budget-item/', { method: 'POST', query: { budget_ideal: 'True' }, body: values });
}

/** PUT budget-ideal/ideal-item/{id}: 200 with the item. */
export function updateIdealBudgetItem({ id, values }: { id: number; values: IdealItemValues }): Promise<BudgetItem> {
  return requestApi<BudgetItem>(`budget-ideal/ideal-item/${id}`, { method: 'PUT', body: values });
}

/** DELETE budget-ideal/ideal-item/{id}: 204. */
export function deleteIdealBudgetItem(id: number): Promise<void> {
  return requestApi<void>(`budget-ideal/ideal-item/${id}`, { method: 'DELETE' });
}

export function useCreateIdealBudgetItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createIdealBudgetItem, onSuccess: () => refreshAfterIdealChange(queryClient) });
}

export function useUpdateIdealBudgetItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateIdealBudgetItem, onSuccess: () => refreshAfterIdealChange(queryClient) });
}

export function useDeleteIdealBudgetItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteIdealBudgetItem, onSuccess: () => refreshAfterIdealChange(queryClient) });
}
