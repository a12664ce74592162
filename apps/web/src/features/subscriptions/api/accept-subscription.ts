import type { Subscription } from '@prumo/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { AcceptSubscriptionBody } from '../components/payment-form-values';
import { refreshSubscriptionQueries } from './refresh-subscription-queries';

/**
 * POST payment/subscriptions/{id}/accept/: `{accepts: true}` for a platform plan; with the address,
 * CPF and a card token (or a saved card) for a card plan. A declined card answers 4xx with its
 * pt-BR `detail`, which the payment form shows itself (silent: no general alert).
 */
export function acceptSubscription({ id, body }: { id: number; body: AcceptSubscriptionBody }): Promise<Subscription> {
  return requestApi<Subscription>(`payment/subscriptions/${id}/accept/`, { method: 'POST', body, silent: true });
}

export function useAcceptSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptSubscription, onSettled: () => refreshSubscriptionQueries(queryClient) });
}
