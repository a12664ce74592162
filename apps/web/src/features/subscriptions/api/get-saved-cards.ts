import type { SavedCard } from '@prumo/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { savedCardsQueryKey } from './subscriptions-query-keys';

/** GET payment/card/: the cards the caller saved with the gateway (brand, last four digits, expiry). */
export function getSavedCards(signal?: AbortSignal): Promise<SavedCard[]> {
  return requestApi<SavedCard[]>('payment/card/', { signal });
}

export function savedCardsQueryOptions() {
  return queryOptions({ queryKey: savedCardsQueryKey, queryFn: ({ signal }) => getSavedCards(signal) });
}

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions());
}
