import type { AccountDetails } from '@prumo/contract/my-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET my-assets/account-details/: each account's balance month by month, known points among derived ones. */
export function getAccountDetails(signal?: AbortSignal): Promise<AccountDetails[]> {
  return requestApi<AccountDetails[]>('my-assets/account-details/', { signal });
}

export function accountDetailsQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'account-details', clientId],
    queryFn: ({ signal }) => getAccountDetails(signal),
  });
}

/** Read only while an account's history is open (`enabled`): the list does not need it. */
export function useAccountDetails({ enabled }: { enabled: boolean }) {
  const clientId = useRouteClientId();
  return useQuery({ ...accountDetailsQueryOptions(clientId), enabled });
}
