import type { Subscription } from '@prumo/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { buildSubscriptionQueryKey } from './subscriptions-query-keys';

/** How often a payment still processing at the gateway is read again. */
export const processingRefreshMs = 3_000;

/** GET payment/subscriptions/{id}/: one subscription with its card and charges. */
export function getSubscription(id: number, signal?: AbortSignal): Promise<Subscription> {
  return requestApi<Subscription>(`payment/subscriptions/${id}/`, { signal });
}

export function subscriptionQueryOptions(id: number) {
  return queryOptions({
    queryKey: buildSubscriptionQueryKey(id),
    queryFn: ({ signal }) => getSubscription(id, signal),
    // The first payment may wait at the gateway: read again until it is paid or failed.
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? processingRefreshMs : false),
  });
}

export function useSubscription(id: number | null) {
  return useQuery({ ...subscriptionQueryOptions(id ?? 0), enabled: id !== null });
}
