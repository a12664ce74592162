import type { Pendency } from '@prumo/contract/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

export const pendenciesQueryKey = ['pendencies'] as const;

/** GET pendency/: accounts and cards a file created that still need data. */
export function getPendencies(signal?: AbortSignal): Promise<Pendency[]> {
  return requestApi<Pendency[]>('pendency/', { signal });
}

export function pendenciesQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...pendenciesQueryKey, clientId],
    queryFn: ({ signal }) => getPendencies(signal),
  });
}

export function usePendencies() {
  const clientId = useRouteClientId();
  return useQuery(pendenciesQueryOptions(clientId));
}
