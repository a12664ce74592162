import type { NewSubscriptionSchema, Subscription } from '@prumo/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestApi } from '../../../lib/api-client';
import { refreshSubscriptionQueries } from './refresh-subscription-queries';

/** POST payment/subscriptions/ (201): the caller subscribes to a plan, which starts at step 1. */
export function createSubscription(body: z.input<typeof NewSubscriptionSchema>): Promise<Subscription> {
  return requestApi<Subscription>('payment/subscriptions/', { method: 'POST', body });
}

export function useCreateSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSubscription, onSuccess: () => refreshSubscriptionQueries(queryClient) });
}
