import type { Category } from '@prumo/contract/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET category/: the organization's category tree, in its order. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return requestApi<Category[]>('category/', { signal });
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: sharedQueryKeys.categories,
    queryFn: ({ signal }) => getCategories(signal),
    // The tree changes rarely; one read per visit is enough.
    staleTime: 30 * 60_000,
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
