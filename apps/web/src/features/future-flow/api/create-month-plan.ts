import type { Budget } from '@prumo/contract/budget';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { futureFlowQueryKey } from './get-future-flow';

export interface NewMonthPlan {
  /** The month, "2026-12". */
  date: string;
  /** Copy the plan the month follows now (the default) or the ideal budget. */
  from: 'previous' | 'ideal';
}

/** POST future-flow/create/: the month becomes its own plan, a copy of another (201 with the month's budget). */
export function createMonthPlan(plan: NewMonthPlan): Promise<Budget> {
  return requestApi<Budget>('future-flow/create/', { method: 'POST', body: plan });
}

export function useCreateMonthPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMonthPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: futureFlowQueryKey }),
  });
}
