import type { Subscription } from '@prumo/contract/subscriptions';
import { describe, expect, it } from 'vitest';
import {
  canCancelSubscription,
  canChangeSubscriptionCard,
  canReactivateSubscription,
  findPaymentStep,
  pickPendingSubscription,
  pickPlanSubscription,
} from './subscription-rules';

function buildSubscription(changes: Partial<Subscription> & { planHash?: string; planType?: 'platform' | 'service' }) {
  const { planHash = 'plano-a', planType = 'service', ...fields } = changes;
  const subscription: Subscription = {
    id: 1,
    status: 'pending',
    step: 1,
    plan: {
      id: 10,
      name: 'Completo',
      description: '',
      type: planType,
      plan_code: planType === 'platform' ? 1 : 2,
      hashed_id: planHash,
    },
    client: { id: 5, first_name: 'Carla', last_name: 'Cliente', email: 'cliente@demo.com.br' },
    platform_amount: 5_000,
    service_amount: 20_000,
    recurrent_amount: 0,
    service_months: 12,
    total_amount: 25_000,
    payday: null,
    card: null,
    last_payment_date: null,
    next_payment_date: null,
    last_payment_date_formatted: null,
    next_payment_date_formatted: null,
    access_ends_on: null,
    created_at: '2026-11-25T12:00:00Z',
    accepted_at: null,
    canceled_at: null,
    charges: [],
  };
  return { ...subscription, ...fields };
}

describe('the subscription a payment screen works on', () => {
  it('is the newest still open for that plan, before one already accepted', () => {
    const subscriptions = [
      buildSubscription({ id: 4, status: 'failed' }),
      buildSubscription({ id: 3, status: 'active' }),
      buildSubscription({ id: 2, status: 'pending', planHash: 'plano-b' }),
    ];
    expect(pickPlanSubscription(subscriptions, 'plano-a')?.id).toBe(4);
    expect(pickPlanSubscription(subscriptions, 'plano-b')?.id).toBe(2);
  });

  it('is the accepted one when nothing is open, and none after a refusal or a cancellation', () => {
    expect(pickPlanSubscription([buildSubscription({ id: 3, status: 'past_due' })], 'plano-a')?.id).toBe(3);
    const ended = [buildSubscription({ id: 5, status: 'rejected' }), buildSubscription({ id: 6, status: 'canceled' })];
    expect(pickPlanSubscription(ended, 'plano-a')).toBeNull();
    expect(pickPlanSubscription([], 'plano-a')).toBeNull();
  });
});

describe('the payment step', () => {
  it('is step 1 with no subscription, or a proposal not yet taken on', () => {
    expect(findPaymentStep(null, true)).toBe(1);
    expect(findPaymentStep(buildSubscription({ status: 'pending' }), false)).toBe(1);
    expect(findPaymentStep(buildSubscription({ status: 'rejected' }), true)).toBe(1);
  });

  it('is step 2 for a card plan once the client goes on, after a declined card, and while processing', () => {
    expect(findPaymentStep(buildSubscription({ status: 'pending' }), true)).toBe(2);
    expect(findPaymentStep(buildSubscription({ status: 'failed' }), true)).toBe(2);
    expect(findPaymentStep(buildSubscription({ status: 'processing' }), false)).toBe(2);
  });

  it('never is step 2 for a platform plan, accepted at step 1', () => {
    expect(findPaymentStep(buildSubscription({ status: 'pending', planType: 'platform' }), true)).toBe(1);
    expect(findPaymentStep(buildSubscription({ status: 'active', planType: 'platform' }), false)).toBe(3);
  });

  it('is step 3 once accepted, whatever happened since', () => {
    for (const status of ['active', 'past_due', 'suspended', 'canceled'] as const) {
      expect(findPaymentStep(buildSubscription({ status }), false)).toBe(3);
    }
  });
});

describe('what the client may do with a subscription', () => {
  it('cancels an active, past-due or suspended one and reactivates a canceled or suspended one', () => {
    expect(canCancelSubscription({ status: 'active' })).toBe(true);
    expect(canCancelSubscription({ status: 'canceled' })).toBe(false);
    expect(canReactivateSubscription({ status: 'canceled' })).toBe(true);
    expect(canReactivateSubscription({ status: 'active' })).toBe(false);
  });

  it('changes the card of a card plan only', () => {
    expect(canChangeSubscriptionCard(buildSubscription({ status: 'active' }))).toBe(true);
    expect(canChangeSubscriptionCard(buildSubscription({ status: 'active', planType: 'platform' }))).toBe(false);
    expect(canChangeSubscriptionCard(buildSubscription({ status: 'pending' }))).toBe(false);
  });

  it('is offered the proposed subscription by the pending modal, else one whose card was declined', () => {
    const subscriptions = [
      buildSubscription({ id: 7, status: 'failed' }),
      buildSubscription({ id: 8, status: 'pending' }),
      buildSubscription({ id: 9, status: 'active' }),
    ];
    expect(pickPendingSubscription(subscriptions)?.id).toBe(8);
    expect(pickPendingSubscription(subscriptions.filter((item) => item.id !== 8))?.id).toBe(7);
    expect(pickPendingSubscription([buildSubscription({ status: 'active' })])).toBeNull();
  });
});
