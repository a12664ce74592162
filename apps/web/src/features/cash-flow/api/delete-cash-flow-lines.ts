import type { DeletedLines } from '@prumo/contract/cash-flow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { cashFlowQueryKey } from './get-cash-flow';

/** DELETE cash-flows/ `{ids}`: answers how many went and the server's text. */
export function deleteCashFlowLines(ids: number[]): Promise<DeletedLines> {
  return requestApi<DeletedLines>('cash-flows/', { method: 'DELETE', body: { ids } });
}

export function useDeleteCashFlowLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCashFlowLines,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashFlowQueryKey }),
  });
}
