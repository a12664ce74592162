import type { Subscription } from '@prumo/contract/subscriptions';
import type { SubscriptionStatus } from '@prumo/domain/payments/subscription-states';

/** Which subscription each screen works on, where it stands, and what the client may do with it. */

/** Statuses a subscription still waits in for the client: proposed, paying, or declined and payable again. */
const openStatuses: readonly SubscriptionStatus[] = ['pending', 'processing', 'failed'];

export function isSubscriptionOpen(subscription: Pick<Subscription, 'status'>): boolean {
  return openStatuses.includes(subscription.status);
}

/** Statuses a client can cancel from; reactivating is for canceled and suspended ones. */
export function canCancelSubscription(subscription: Pick<Subscription, 'status'>): boolean {
  return ['active', 'past_due', 'suspended'].includes(subscription.status);
}

export function canReactivateSubscription(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'canceled' || subscription.status === 'suspended';
}

export function canChangeSubscriptionCard(subscription: Pick<Subscription, 'status' | 'plan'>): boolean {
  return (
    subscription.plan.type !== 'platform' &&
    ['active', 'past_due', 'suspended', 'canceled'].includes(subscription.status)
  );
}

/**
 * The subscription the payment screen of a plan works on: the newest one still open for it, else
 * the newest one accepted (the screen then says it is done). Null when the caller has none.
 */
export function pickPlanSubscription(subscriptions: readonly Subscription[], planHash: string): Subscription | null {
  const forPlan = subscriptions.filter((subscription) => subscription.plan.hashed_id === planHash);
  const open = forPlan.find(isSubscriptionOpen);
  if (open) return open;
  return forPlan.find((subscription) => subscription.status === 'active' || subscription.status === 'past_due') ?? null;
}

/** The pending subscription the modal offers: proposed (or declined at the gateway) and not yet paid. */
export function pickPendingSubscription(subscriptions: readonly Subscription[]): Subscription | null {
  return (
    subscriptions.find((subscription) => subscription.status === 'pending') ??
    subscriptions.find((subscription) => subscription.status === 'failed') ??
    null
  );
}

/** The three steps: 1 the proposed plan, 2 payment and signature, 3 done. */
export type PaymentStep = 1 | 2 | 3;

/**
 * Where the subscription stands: a card plan moves to step 2 when the client goes on from the
 * proposal (nothing is stored until they pay), and stays there while its payment processes.
 */
export function findPaymentStep(subscription: Subscription | null, paymentOpened: boolean): PaymentStep {
  if (!subscription) return 1;
  switch (subscription.status) {
    case 'pending':
    case 'failed':
      return subscription.plan.type !== 'platform' && paymentOpened ? 2 : 1;
    case 'processing':
      return 2;
    case 'rejected':
      return 1;
    default:
      return 3;
  }
}
