import type { NetWorth } from '@prumo/contract/my-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET my-assets/net-worth/: net worth today, its parts, and at the end of each of the last 12 months. */
export function getNetWorth(signal?: AbortSignal): Promise<NetWorth> {
  return requestApi<NetWorth>('my-assets/net-worth/', { signal });
}

export function netWorthQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'net-worth', clientId],
    queryFn: ({ signal }) => getNetWorth(signal),
  });
}

export function useNetWorth() {
  const clientId = useRouteClientId();
  return useQuery(netWorthQueryOptions(clientId));
}
