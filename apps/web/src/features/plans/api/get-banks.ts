import type { Bank } from '@prumo/contract/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { banksQueryKey } from './plans-query-keys';

/** GET bank/: the banks an account may be in, by code. */
export function getBanks(signal?: AbortSignal): Promise<Bank[]> {
  return requestApi<Bank[]>('bank/', { signal });
}

export function banksQueryOptions() {
  // The list changes with a release, not within a session.
  return queryOptions({ queryKey: banksQueryKey, queryFn: ({ signal }) => getBanks(signal), staleTime: Infinity });
}

export function useBanks() {
  return useQuery(banksQueryOptions());
}
