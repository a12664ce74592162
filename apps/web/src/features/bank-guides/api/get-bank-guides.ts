import type { Bank } from '@prumo/contract/categories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** The banks with their statement guides; a manager's change to one guide refreshes this key. */
export const bankGuidesQueryKey = ['bank-guides'] as const;

/** GET bank/: every bank with how to download its statement (the organization's own guide where it wrote one). */
export function getBankGuides(signal?: AbortSignal): Promise<Bank[]> {
  return requestApi<Bank[]>('bank/', { signal });
}

export function bankGuidesQueryOptions() {
  // Guides change when a manager edits one, rarely within a client's session.
  return queryOptions({
    queryKey: bankGuidesQueryKey,
    queryFn: ({ signal }) => getBankGuides(signal),
    staleTime: 5 * 60_000,
  });
}

export function useBankGuides() {
  return useQuery(bankGuidesQueryOptions());
}
