import type { ChangeSubscriptionCardSchema, Subscription } from '@prumo/contract/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { requestApi } from '../../../lib/api-client';
import { refreshSubscriptionQueries } from './refresh-subscription-queries';
import { savedCardsQueryKey } from './subscriptions-query-keys';

/** PUT payment/subscriptions/{id}/card/: the card the subscription is charged to from now on. */
export function changeSubscriptionCard({
  id,
  body,
}: {
  id: number;
  body: z.input<typeof ChangeSubscriptionCardSchema>;
}): Promise<Subscription> {
  return requestApi<Subscription>(`payment/subscriptions/${id}/card/`, { method: 'PUT', body, silent: true });
}

export function useChangeSubscriptionCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptionCard,
    onSuccess: () =>
      Promise.all([
        refreshSubscriptionQueries(queryClient),
        queryClient.invalidateQueries({ queryKey: savedCardsQueryKey }),
      ]),
  });
}
