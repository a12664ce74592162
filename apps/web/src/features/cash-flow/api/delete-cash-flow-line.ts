import type { Detail } from '@prumo/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refetchAfterRowChange } from '../../../lib/query-client';
import { cashFlowQueryKey } from './get-cash-flow';

export const deleteLineMessages = {
  deleted: 'Transação deletada',
  failed: 'Não foi possível deletar transação',
} as const;

/** DELETE cash-flow/{id}/: 200 `{detail: "Transação deletada"}`. */
export function deleteCashFlowLine(id: number): Promise<Detail> {
  return requestApi<Detail>(`cash-flow/${id}/`, { method: 'DELETE' });
}

export function useDeleteCashFlowLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCashFlowLine,
    onSuccess: () => refetchAfterRowChange(queryClient, [cashFlowQueryKey]),
  });
}
