import type { Subscription } from '@prumo/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refreshSubscriptionQueries } from './refresh-subscription-queries';

/** POST payment/subscriptions/{id}/reject/: the client declines the proposed plan. */
export function rejectSubscription(id: number): Promise<Subscription> {
  return requestApi<Subscription>(`payment/subscriptions/${id}/reject/`, { method: 'POST' });
}

export function useRejectSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectSubscription, onSuccess: () => refreshSubscriptionQueries(queryClient) });
}
