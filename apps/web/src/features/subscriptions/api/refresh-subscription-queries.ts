import type { QueryClient } from '@tanstack/react-query';
import { personaQueryKey } from '../../../lib/persona';
import { subscriptionsQueryKey } from './subscriptions-query-keys';

/** After any change of a subscription: its lists, itself, and me/ (current subscription, pending flag). */
export function refreshSubscriptionQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey }),
    queryClient.invalidateQueries({ queryKey: personaQueryKey }),
  ]);
}
