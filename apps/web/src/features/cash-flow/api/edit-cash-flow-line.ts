import type { CashFlowLine } from '@prumo/contract/cash-flow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import { cashFlowQueryKey } from './get-cash-flow';

/** A line's own fields; an imported line takes `name` only (its amount, day and account are the statement's). */
export interface CashFlowLineEdit {
  name?: string;
  /** Integer cents, negative for money going out. */
  amount?: number;
  /** "YYYY-MM-DD". */
  date?: string;
  /** The account or card the line goes to. */
  origin?: number;
}

/** PUT transactions/edit/{id}/: changes a line's name, amount, day or account; answers the line. */
export function editCashFlowLine({ id, changes }: { id: number; changes: CashFlowLineEdit }): Promise<CashFlowLine> {
  return requestApi<CashFlowLine>(`transactions/edit/${id}/`, { method: 'PUT', body: changes });
}

export function useEditCashFlowLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editCashFlowLine,
    onSuccess: async () => {
      // The lists, sums and charts change; so do the future flow's months and balances.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cashFlowQueryKey }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.futureFlow }),
      ]);
    },
  });
}
