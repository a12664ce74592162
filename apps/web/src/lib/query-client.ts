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
