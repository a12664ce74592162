import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { budgetQueryKey } from './get-month-budget';

/** DELETE budget-item/{id}/: 204. */
export function deleteBudgetItem(id: number): Promise<void> {
  return requestApi<void>(`budget-item/${id}/`, { method: 'DELETE' });
}

export function useDeleteBudgetItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudgetItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetQueryKey }),
  });
}
