import type { BudgetComparison } from '@prumo/contract/budget';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { budgetQueryKey } from './get-month-budget';

/** GET budget/{id}/comparison: planned against the month's cash flow, per category and description. */
export function getBudgetComparison(id: number, signal?: AbortSignal): Promise<BudgetComparison> {
  return requestApi<BudgetComparison>(`budget/${id}/comparison`, { query: { asset: 'true' }, signal });
}

export function budgetComparisonQueryOptions(clientId: string | null, id: number | null) {
  return queryOptions({
    queryKey: [...budgetQueryKey, 'comparison', clientId, id],
    queryFn: ({ signal }) => getBudgetComparison(id as number, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useBudgetComparison(id: number | null) {
  const clientId = useRouteClientId();
  return useQuery(budgetComparisonQueryOptions(clientId, id));
}
