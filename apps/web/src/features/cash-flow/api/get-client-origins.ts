import type { Origin } from '@prumo/contract/origins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { cashFlowQueryKey } from './get-cash-flow';

/** GET origin/: every account and card of the client, where a typed line can be put. */
export function getClientOrigins(signal?: AbortSignal): Promise<Origin[]> {
  return requestApi<Origin[]>('origin/', { signal });
}

export function clientOriginsQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'origins', clientId],
    queryFn: ({ signal }) => getClientOrigins(signal),
  });
}

export function useClientOrigins(options: { enabled: boolean }) {
  const clientId = useRouteClientId();
  return useQuery({ ...clientOriginsQueryOptions(clientId), enabled: options.enabled });
}
