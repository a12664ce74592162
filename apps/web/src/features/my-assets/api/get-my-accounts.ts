import type { MyAccount } from '@prumo/contract/my-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET my-assets/account/: the client's accounts and cards, with today's balance (a card's is what it owes). */
export function getMyAccounts(signal?: AbortSignal): Promise<MyAccount[]> {
  return requestApi<MyAccount[]>('my-assets/account/', { signal });
}

export function myAccountsQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'accounts', clientId],
    queryFn: ({ signal }) => getMyAccounts(signal),
  });
}

export function useMyAccounts() {
  const clientId = useRouteClientId();
  return useQuery(myAccountsQueryOptions(clientId));
}
