import type { Category, Description } from '@prumo/contract/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET category/ and description/: the organization's tree, which budget items are planned on. */
export function getBudgetCategories(signal?: AbortSignal): Promise<Category[]> {
  return requestApi<Category[]>('category/', { signal });
}

export function getBudgetDescriptions(signal?: AbortSignal): Promise<Description[]> {
  return requestApi<Description[]>('description/', { signal });
}

export function budgetCategoriesQueryOptions() {
  return queryOptions({
    queryKey: sharedQueryKeys.categories,
    queryFn: ({ signal }) => getBudgetCategories(signal),
    staleTime: 30 * 60_000,
  });
}

export function budgetDescriptionsQueryOptions() {
  return queryOptions({
    queryKey: sharedQueryKeys.descriptions,
    queryFn: ({ signal }) => getBudgetDescriptions(signal),
    staleTime: 30 * 60_000,
  });
}

export function useBudgetCategories() {
  return useQuery(budgetCategoriesQueryOptions());
}

export function useBudgetDescriptions() {
  return useQuery(budgetDescriptionsQueryOptions());
}
