import type { Detail } from '@prumo/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refreshSubscriptionQueries } from './refresh-subscription-queries';

/** POST client/cancel-subscription/: the client ends their current subscription → "Assinatura cancelada". */
export function cancelSubscription(): Promise<Detail> {
  return requestApi<Detail>('client/cancel-subscription/', { method: 'POST' });
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSubscription, onSettled: () => refreshSubscriptionQueries(queryClient) });
}
