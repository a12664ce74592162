import type { Budget } from '@prumo/contract/budget';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

/** Every budget query starts with this key, so a change to an item refreshes budgets and comparisons. */
export const budgetQueryKey = ['budget'] as const;

/**
 * GET budget/?target_month=: the client's budget of a month (made empty on first need), with the
 * money set aside (investments) listed too. Flags go as text: the query builder drops booleans.
 */
export function getMonthBudget(targetMonth: string, signal?: AbortSignal): Promise<Budget> {
  return requestApi<Budget>('budget/', { query: { target_month: targetMonth, asset: 'true' }, signal });
}

export function monthBudgetQueryOptions(clientId: string | null, targetMonth: string) {
  return queryOptions({
    queryKey: [...budgetQueryKey, 'month', clientId, targetMonth],
    queryFn: ({ signal }) => getMonthBudget(targetMonth, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthBudget(targetMonth: string) {
  const clientId = useRouteClientId();
  return useQuery(monthBudgetQueryOptions(clientId, targetMonth));
}
