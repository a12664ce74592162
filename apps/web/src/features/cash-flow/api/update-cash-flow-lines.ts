import type { CategorizedLines } from '@prumo/contract/cash-flow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { cashFlowQueryKey } from './get-cash-flow';
import type { CashFlowLineChanges } from './update-cash-flow-line';

/** PUT cash-flows/: the same change on many lines; answers how many changed. */
export function updateCashFlowLines(input: {
  ids: number[];
  changes: Omit<CashFlowLineChanges, 'apply_to_similar'>;
}): Promise<CategorizedLines> {
  return requestApi<CategorizedLines>('cash-flows/', { method: 'PUT', body: { ids: input.ids, ...input.changes } });
}

export function useUpdateCashFlowLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCashFlowLines,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashFlowQueryKey }),
  });
}
