import type { Description } from '@prumo/contract/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET description/: every description of the organization, each with its category. */
export function getDescriptions(signal?: AbortSignal): Promise<Description[]> {
  return requestApi<Description[]>('description/', { signal });
}

export function descriptionsQueryOptions() {
  return queryOptions({
    queryKey: sharedQueryKeys.descriptions,
    queryFn: ({ signal }) => getDescriptions(signal),
    staleTime: 30 * 60_000,
  });
}

export function useDescriptions() {
  return useQuery(descriptionsQueryOptions());
}
