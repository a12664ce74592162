import type { OtherBalance } from '@prumo/contract/other-balances';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET balance/: what the client has outside their accounts (a property, a car, cash), latest value each. */
export function getOtherBalances(signal?: AbortSignal): Promise<OtherBalance[]> {
  return requestApi<OtherBalance[]>('balance/', { signal });
}

export function otherBalancesQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'other-balances', clientId],
    queryFn: ({ signal }) => getOtherBalances(signal),
  });
}

export function useOtherBalances() {
  const clientId = useRouteClientId();
  return useQuery(otherBalancesQueryOptions(clientId));
}
