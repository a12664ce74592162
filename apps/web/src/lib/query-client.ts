import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Only a lost connection is worth retrying; 4xx answers will not change.
      retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.status === 0,
    },
    mutations: { retry: false },
  },
});

/**
 * After a change made from a list's row: refetches these queries without the mutation waiting for
 * them. The refetch can remove the row that asked, and TanStack Query never runs a removed
 * component's own `mutate` callbacks (its snackbar), so they must run first.
 */
export function refetchAfterRowChange(client: QueryClient, queryKeys: readonly (readonly unknown[])[]): void {
  for (const queryKey of queryKeys) void client.invalidateQueries({ queryKey });
}
