import type { Budget } from '@prumo/contract/budget';
import type { FutureFlowMonths } from '@prumo/contract/future-flow';
import { hasSomethingToCopy } from '@prumo/domain/budget/ideal-budget';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import { budgetQueryKey } from './get-month-budget';

/** What an empty month may start from: the plan it follows now (an earlier month's) and the ideal budget. */
export interface MonthBudgetSources {
  /** MM/YYYY of the month whose plan the month follows now, or null when none comes before it. */
  previousDate: string | null;
  hasIdeal: boolean;
}

/** GET future-flow/ of one month with the ideal: where a copy of the month's plan may come from. */
export async function getMonthBudgetSources(targetMonth: string, signal?: AbortSignal): Promise<MonthBudgetSources> {
  const month = targetMonth.slice(0, 7);
  const flow = await requestApi<FutureFlowMonths>('future-flow/', {
    query: { startDate: month, endDate: month, ideal: 'true' },
    // Without a source the screen just does not offer a copy: no alert.
    silent: true,
    signal,
  });
  const [current] = flow.results;
  const ideal = flow.ideal;
  return {
    previousDate: current?.carried && current.plannedFrom ? current.plannedFrom.date : null,
    hasIdeal: hasSomethingToCopy(ideal),
  };
}

export function monthBudgetSourcesQueryOptions(clientId: string | null, targetMonth: string, enabled: boolean) {
  return queryOptions({
    queryKey: [...sharedQueryKeys.futureFlow, 'sources', clientId, targetMonth],
    queryFn: ({ signal }) => getMonthBudgetSources(targetMonth, signal),
    enabled,
  });
}

export function useMonthBudgetSources(targetMonth: string, enabled: boolean) {
  const clientId = useRouteClientId();
  return useQuery(monthBudgetSourcesQueryOptions(clientId, targetMonth, enabled));
}

export interface MonthBudgetCopy {
  /** The month, "2026-12". */
  date: string;
  from: 'previous' | 'ideal';
}

/** POST future-flow/create/: the empty month becomes a copy of the plan it follows or of the ideal (201). */
export function copyMonthBudget(copy: MonthBudgetCopy): Promise<Budget> {
  return requestApi<Budget>('future-flow/create/', { method: 'POST', body: copy });
}

export function useCopyMonthBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyMonthBudget,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: budgetQueryKey }),
        queryClient.invalidateQueries({ queryKey: sharedQueryKeys.futureFlow }),
      ]),
  });
}
