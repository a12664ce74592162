import type { Page } from '@prumo/contract/common';
import type { Subscription } from '@prumo/contract/subscriptions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { subscriptionsQueryKey } from './subscriptions-query-keys';

/** GET payment/subscriptions/: the caller's subscriptions, newest first (the first page is enough here). */
export function getSubscriptions(signal?: AbortSignal): Promise<Page<Subscription>> {
  return requestApi<Page<Subscription>>('payment/subscriptions/', { signal });
}

export function subscriptionsQueryOptions() {
  return queryOptions({
    queryKey: [...subscriptionsQueryKey, 'list'],
    queryFn: ({ signal }) => getSubscriptions(signal),
  });
}

export function useSubscriptions(options: { enabled?: boolean } = {}) {
  return useQuery({ ...subscriptionsQueryOptions(), enabled: options.enabled ?? true });
}
