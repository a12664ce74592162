import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refreshSubscriptionQueries } from './refresh-subscription-queries';

/** POST subscription/reactivate/: a canceled or suspended subscription comes back (charging the card if due). */
export function reactivateSubscription(): Promise<unknown> {
  return requestApi<unknown>('subscription/reactivate/', { method: 'POST' });
}

export function useReactivateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateSubscription,
    onSettled: () => refreshSubscriptionQueries(queryClient),
  });
}
