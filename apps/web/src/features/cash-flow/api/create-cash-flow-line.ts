import type { CashFlowLine } from '@prumo/contract/cash-flow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { cashFlowQueryKey } from './get-cash-flow';

export interface NewCashFlowLine {
  name: string;
  /** Integer cents, negative for money going out. */
  amount: number;
  /** "YYYY-MM-DD". */
  date: string;
  category?: number | null;
  description?: number | null;
}

/** POST cash-flow/: a typed line; without an account it goes to the client's "Dinheiro" account. */
export function createCashFlowLine(line: NewCashFlowLine): Promise<CashFlowLine> {
  return requestApi<CashFlowLine>('cash-flow/', { method: 'POST', body: line });
}

export function useCreateCashFlowLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCashFlowLine,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashFlowQueryKey }),
  });
}
