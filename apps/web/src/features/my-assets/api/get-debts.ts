import type { Debt } from '@prumo/contract/debts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET debts/: the client's debts, each with when it ends at the current payment. */
export function getDebts(signal?: AbortSignal): Promise<Debt[]> {
  return requestApi<Debt[]>('debts/', { signal });
}

export function debtsQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'debts', clientId],
    queryFn: ({ signal }) => getDebts(signal),
  });
}

export function useDebts() {
  const clientId = useRouteClientId();
  return useQuery(debtsQueryOptions(clientId));
}
