/**
 * The subscription screens' queries. Anything that changes a subscription moves the list, the one
 * subscription, and me/'s current subscription and pending flag (the user menu, the modal, Planos).
 */
export const subscriptionsQueryKey = ['payment-subscriptions'] as const;
export const savedCardsQueryKey = ['saved-cards'] as const;

export function buildSubscriptionQueryKey(id: number) {
  return [...subscriptionsQueryKey, id] as const;
}
