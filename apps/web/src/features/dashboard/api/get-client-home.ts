import type { ClientHome } from '@prumo/contract/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET client-home/: balances, this month, bills due soon, open tasks and net worth of the client. */
export function getClientHome(signal?: AbortSignal): Promise<ClientHome> {
  return requestApi<ClientHome>('client-home/', { signal });
}

export function clientHomeQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...sharedQueryKeys.clientHome, clientId],
    queryFn: ({ signal }) => getClientHome(signal),
    // Every other screen changes what it shows: read again whenever the page opens.
    staleTime: 0,
  });
}

export function useClientHome() {
  const clientId = useRouteClientId();
  return useQuery(clientHomeQueryOptions(clientId));
}
