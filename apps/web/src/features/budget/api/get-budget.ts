import type { Budget } from '@prumo/contract/budget';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { budgetQueryKey } from './get-month-budget';

/** GET budget/{id}?asset=true: a budget's items (investments too), expenses grouped by category, and its totals. */
export function getBudget(id: number, signal?: AbortSignal): Promise<Budget> {
  return requestApi<Budget>(`budget/${id}`, { query: { asset: 'true' }, signal });
}

export function budgetQueryOptions(clientId: string | null, id: number | null) {
  return queryOptions({
    queryKey: [...budgetQueryKey, 'detail', clientId, id],
    queryFn: ({ signal }) => getBudget(id as number, signal),
    enabled: id !== null,
  });
}

export function useBudget(id: number | null) {
  const clientId = useRouteClientId();
  return useQuery(budgetQueryOptions(clientId, id));
}
