import type { Investment } from '@prumo/contract/investments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET investments/: every investment of the client, of all kinds, in the order they were made. */
export function getInvestments(signal?: AbortSignal): Promise<Investment[]> {
  return requestApi<Investment[]>('investments/', { signal });
}

export function investmentsQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'investments', clientId],
    queryFn: ({ signal }) => getInvestments(signal),
  });
}

export function useInvestments() {
  const clientId = useRouteClientId();
  return useQuery(investmentsQueryOptions(clientId));
}
