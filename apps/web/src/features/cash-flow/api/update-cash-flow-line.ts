import type { CashFlowLine } from '@prumo/contract/cash-flow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { cashFlowQueryKey } from './get-cash-flow';

export interface CashFlowLineChanges {
  category?: number | null;
  description?: number | null;
  is_fixed?: boolean;
  ignored?: boolean;
  /** Also categorizes the client's other uncategorized lines of the same merchant. */
  apply_to_similar?: boolean;
}

export const editLineFailedMessage = 'Não foi possível editar transação';

/** PUT cash-flow/{id}/: categorize, ignore or mark fixed one line; answers the line. */
export function updateCashFlowLine({
  id,
  changes,
}: {
  id: number;
  changes: CashFlowLineChanges;
}): Promise<CashFlowLine> {
  return requestApi<CashFlowLine>(`cash-flow/${id}/`, { method: 'PUT', body: changes });
}

export function useUpdateCashFlowLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCashFlowLine,
    // Totals, the summary and (with apply_to_similar) other lines change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashFlowQueryKey }),
  });
}
