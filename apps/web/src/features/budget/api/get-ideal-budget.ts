import type { Budget } from '@prumo/contract/budget';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { budgetQueryKey } from './get-month-budget';

/** GET budget-ideal/?asset=true: the client's ideal budget (`id: null` and no item while there is none). */
export function getIdealBudget(signal?: AbortSignal): Promise<Budget> {
  return requestApi<Budget>('budget-ideal/', { query: { asset: 'true' }, signal });
}

export function idealBudgetQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...budgetQueryKey, 'ideal', clientId],
    queryFn: ({ signal }) => getIdealBudget(signal),
  });
}

export function useIdealBudget() {
  const clientId = useRouteClientId();
  return useQuery(idealBudgetQueryOptions(clientId));
}
