import { describe, expect, it } from 'vitest';
import {
  applySubscriptionEvent,
  checkSubscriptionAction,
  createPendingSubscription,
  describeSubscriptionDates,
  findFirstNextPaymentDate,
  findFollowingPaymentDate,
  findPaydayInMonth,
  findRetryDate,
  hasPlanAccess,
  isReactivationChargeRequired,
  renewalRetryDays,
  type SubscriptionEvent,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
  type SubscriptionTransition,
  subscriptionStatuses,
} from './subscription-states';

/** The transition, which must not be a refusal. */
function apply(subscription: SubscriptionSnapshot, event: SubscriptionEvent) {
  const transition = applySubscriptionEvent(subscription, event);
  if (!transition.ok) throw new Error(`refused: ${transition.refusal.message}`);
  return transition;
}

/** Applies events in order; each must be accepted. */
function applyAll(subscription: SubscriptionSnapshot, events: SubscriptionEvent[]): SubscriptionSnapshot {
  return events.reduce((current, event) => apply(current, event).subscription, subscription);
}

function refusalOf(transition: SubscriptionTransition) {
  if (transition.ok) throw new Error('expected a refusal');
  return transition.refusal;
}

const cardPlan = () => createPendingSubscription({ billing: 'card', payday: 10 });

/** A card subscription paid on 10/01/2026 by ch_1: due again on 10/02/2026. */
function activeSubscription(): SubscriptionSnapshot {
  return apply(cardPlan(), { type: 'first_charge_paid', chargeId: 'ch_1', on: '2026-01-10' }).subscription;
}

/** The renewal due on 10/02/2026 failed once (ch_2, on the due date). */
function pastDueSubscription(): SubscriptionSnapshot {
  return apply(activeSubscription(), {
    type: 'renewal_charge_failed',
    chargeId: 'ch_2',
    dueDate: '2026-02-10',
    attempt: 1,
    on: '2026-02-10',
  }).subscription;
}

/** Every attempt at the renewal due on 10/02/2026 failed. */
function suspendedSubscription(): SubscriptionSnapshot {
  let subscription = activeSubscription();
  const days = ['2026-02-10', '2026-02-11', '2026-02-13', '2026-02-15'];
  days.forEach((on, index) => {
    subscription = apply(subscription, {
      type: 'renewal_charge_failed',
      chargeId: `ch_fail_${index + 1}`,
      dueDate: '2026-02-10',
      attempt: index + 1,
      on,
    }).subscription;
  });
  return subscription;
}

function withStatus(status: SubscriptionStatus): SubscriptionSnapshot {
  switch (status) {
    case 'pending':
      return cardPlan();
    case 'processing':
      return apply(cardPlan(), { type: 'first_charge_processing', chargeId: 'ch_p', on: '2026-01-10' }).subscription;
    case 'active':
      return activeSubscription();
    case 'past_due':
      return pastDueSubscription();
    case 'suspended':
      return suspendedSubscription();
    case 'canceled':
      return apply(activeSubscription(), { type: 'cancel', on: '2026-01-20' }).subscription;
    case 'rejected':
      return apply(cardPlan(), { type: 'reject', on: '2026-01-10' }).subscription;
    case 'failed':
      return apply(cardPlan(), { type: 'first_charge_failed', chargeId: 'ch_f', on: '2026-01-10' }).subscription;
  }
}

describe('payment dates', () => {
  it('puts a payday of 29–31 on the last day of a shorter month, and back on the payday after', () => {
    expect(findPaydayInMonth(31, 2026, 2)).toBe('2026-02-28');
    expect(findPaydayInMonth(31, 2028, 2)).toBe('2028-02-29');
    expect(findPaydayInMonth(30, 2026, 2)).toBe('2026-02-28');
    expect(findPaydayInMonth(31, 2026, 4)).toBe('2026-04-30');
    expect(findPaydayInMonth(31, 2026, 3)).toBe('2026-03-31');
    expect(findPaydayInMonth(1, 2026, 12)).toBe('2026-12-01');
    expect(() => findPaydayInMonth(0, 2026, 1)).toThrow(RangeError);
    expect(() => findPaydayInMonth(32, 2026, 1)).toThrow(RangeError);
  });

  it('renews on the payday of the following month without drifting after a short month', () => {
    expect(findFollowingPaymentDate(31, '2026-01-31')).toBe('2026-02-28');
    expect(findFollowingPaymentDate(31, '2026-02-28')).toBe('2026-03-31');
    expect(findFollowingPaymentDate(10, '2026-12-10')).toBe('2027-01-10');
    expect(findFollowingPaymentDate(29, '2027-12-29')).toBe('2028-01-29');
    expect(findFollowingPaymentDate(29, '2028-01-29')).toBe('2028-02-29');
  });

  it('makes a first payment buy at least a month, up to the next payday', () => {
    // Paid on the payday: exactly a month.
    expect(findFirstNextPaymentDate(10, '2026-01-10')).toBe('2026-02-10');
    // Paid just after the payday: the payday after next.
    expect(findFirstNextPaymentDate(10, '2026-01-11')).toBe('2026-03-10');
    // Paid just before the payday: the payday of the next month (a month and a few days).
    expect(findFirstNextPaymentDate(10, '2026-01-05')).toBe('2026-02-10');
    // Paid on 31/01 with payday 1: a month later is 28/02, so 01/03.
    expect(findFirstNextPaymentDate(1, '2026-01-31')).toBe('2026-03-01');
    // A payday of 31 paid on 31/01: 28/02 is that month's payday and a month later.
    expect(findFirstNextPaymentDate(31, '2026-01-31')).toBe('2026-02-28');
    expect(findFirstNextPaymentDate(15, '2026-12-20')).toBe('2027-02-15');
  });

  it('without a payday, charges again a month after the first payment', () => {
    expect(findFirstNextPaymentDate(null, '2026-01-31')).toBe('2026-02-28');
    expect(findFirstNextPaymentDate(null, '2026-03-15')).toBe('2026-04-15');
  });

  it('retries 1, 3 and 5 days after the due date, never twice in a day, then no more', () => {
    expect(renewalRetryDays).toEqual([1, 3, 5]);
    expect(findRetryDate('2026-02-10', 1, '2026-02-10')).toBe('2026-02-11');
    expect(findRetryDate('2026-02-10', 2, '2026-02-11')).toBe('2026-02-13');
    expect(findRetryDate('2026-02-10', 3, '2026-02-13')).toBe('2026-02-15');
    expect(findRetryDate('2026-02-10', 4, '2026-02-15')).toBeNull();
    // The first attempt ran two days late: the next waits a day after it.
    expect(findRetryDate('2026-02-10', 1, '2026-02-12')).toBe('2026-02-13');
    expect(findRetryDate('2026-12-31', 1, '2026-12-31')).toBe('2027-01-01');
  });

  it('shows the dates as dd/mm/yyyy, the next one only while charges are coming', () => {
    expect(describeSubscriptionDates(activeSubscription())).toEqual({
      last_payment_date_formatted: '10/01/2026',
      next_payment_date_formatted: '10/02/2026',
    });
    expect(describeSubscriptionDates(withStatus('canceled'))).toEqual({
      last_payment_date_formatted: '10/01/2026',
      next_payment_date_formatted: null,
    });
    expect(describeSubscriptionDates(cardPlan())).toEqual({
      last_payment_date_formatted: null,
      next_payment_date_formatted: null,
    });
  });
});

describe('accepting a proposal', () => {
  it('activates a platform plan at once, with no charge and no payment dates', () => {
    const free = createPendingSubscription({ billing: 'free', payday: null });
    const transition = apply(free, { type: 'accept_free', on: '2026-01-10' });
    expect(transition.subscription.status).toBe('active');
    expect(transition.effects).toEqual([]);
    expect(describeSubscriptionDates(transition.subscription)).toEqual({
      last_payment_date_formatted: null,
      next_payment_date_formatted: null,
    });
  });

  it('refuses to accept a card plan without paying, and to pay a free plan', () => {
    expect(refusalOf(applySubscriptionEvent(cardPlan(), { type: 'accept_free', on: '2026-01-10' }))).toEqual({
      code: 'payment_required',
      message: 'Este plano exige pagamento com cartão.',
    });
    const free = createPendingSubscription({ billing: 'free', payday: null });
    expect(checkSubscriptionAction(free, 'pay')?.code).toBe('no_payment_needed');
  });

  it('activates on a first charge paid at once, scheduling the first renewal', () => {
    const transition = apply(cardPlan(), { type: 'first_charge_paid', chargeId: 'ch_1', on: '2026-01-10' });
    expect(transition.subscription).toMatchObject({
      status: 'active',
      periodChargeId: 'ch_1',
      lastPaymentDate: '2026-01-10',
      nextPaymentDate: '2026-02-10',
      failedAttempts: 0,
    });
    expect(transition.effects).toEqual([
      { type: 'cancel_scheduled_charges' },
      { type: 'schedule_charge', dueDate: '2026-02-10', attempt: 1, on: '2026-02-10' },
    ]);
  });

  it('keeps the day of the first payment as the payday when the plan names none', () => {
    const pending = createPendingSubscription({ billing: 'card', payday: null });
    const active = apply(pending, { type: 'first_charge_paid', chargeId: 'ch_1', on: '2026-01-31' }).subscription;
    expect(active.payday).toBe(31);
    expect(active.nextPaymentDate).toBe('2026-02-28');
    const renewed = apply(active, {
      type: 'renewal_charge_paid',
      chargeId: 'ch_2',
      dueDate: '2026-02-28',
      on: '2026-02-28',
    }).subscription;
    expect(renewed.nextPaymentDate).toBe('2026-03-31');
  });

  it('waits while the first charge is processing, then activates on paid or fails on failed', () => {
    const processing = withStatus('processing');
    expect(processing).toMatchObject({ status: 'processing', processingChargeId: 'ch_p' });
    expect(hasPlanAccess(processing, '2026-01-10')).toBe(false);
    const paid = apply(processing, { type: 'first_charge_paid', chargeId: 'ch_p', on: '2026-01-11' }).subscription;
    expect(paid).toMatchObject({ status: 'active', processingChargeId: null, lastPaymentDate: '2026-01-11' });
    const failed = apply(processing, { type: 'first_charge_failed', chargeId: 'ch_p', on: '2026-01-11' }).subscription;
    expect(failed).toMatchObject({ status: 'failed', processingChargeId: null });
    expect(hasPlanAccess(failed, '2026-01-11')).toBe(false);
  });

  it('takes the same processing notice twice once', () => {
    const transition = apply(withStatus('processing'), {
      type: 'first_charge_processing',
      chargeId: 'ch_p',
      on: '2026-01-10',
    });
    expect(transition.ignored).toBe('duplicate');
  });

  it('refuses a new payment while one is processing', () => {
    expect(checkSubscriptionAction(withStatus('processing'), 'pay')).toEqual({
      code: 'payment_processing',
      message: 'O pagamento desta assinatura ainda está em processamento. Aguarde a confirmação.',
    });
  });

  it('lets a client whose card was declined pay with another card, or decline', () => {
    const failed = withStatus('failed');
    expect(checkSubscriptionAction(failed, 'pay')).toBeNull();
    expect(apply(failed, { type: 'first_charge_paid', chargeId: 'ch_2', on: '2026-01-11' }).subscription.status).toBe(
      'active',
    );
    expect(
      apply(failed, { type: 'first_charge_processing', chargeId: 'ch_2', on: '2026-01-11' }).subscription.status,
    ).toBe('processing');
    expect(apply(failed, { type: 'reject', on: '2026-01-11' }).subscription.status).toBe('rejected');
  });

  it('refuses to pay a proposal that is no longer pending', () => {
    for (const status of ['active', 'past_due', 'suspended', 'canceled', 'rejected'] as const) {
      expect(checkSubscriptionAction(withStatus(status), 'pay')).toEqual({
        code: 'not_awaiting_payment',
        message: 'Esta assinatura não está aguardando pagamento.',
      });
    }
  });
});

describe('gateway news arriving late, twice or out of order', () => {
  it('takes a paid first charge reported again (answer, then webhook) once', () => {
    const active = activeSubscription();
    const again = apply(active, { type: 'first_charge_paid', chargeId: 'ch_1', on: '2026-01-10' });
    expect(again.ignored).toBe('duplicate');
    expect(again.subscription).toEqual(active);
    expect(again.effects).toEqual([]);
  });

  it('ignores a processing notice that arrives after the payment', () => {
    const transition = apply(activeSubscription(), {
      type: 'first_charge_processing',
      chargeId: 'ch_1',
      on: '2026-01-10',
    });
    expect(transition.ignored).toBe('stale');
    expect(transition.subscription.status).toBe('active');
  });

  it('ignores the failure of an attempt that another attempt overtook', () => {
    // Two attempts (a double click): ch_a is processing, ch_b is paid at once.
    const processing = apply(cardPlan(), { type: 'first_charge_processing', chargeId: 'ch_a', on: '2026-01-10' });
    const active = apply(processing.subscription, { type: 'first_charge_paid', chargeId: 'ch_b', on: '2026-01-10' });
    const lateFailure = apply(active.subscription, { type: 'first_charge_failed', chargeId: 'ch_a', on: '2026-01-11' });
    expect(lateFailure.ignored).toBe('stale');
    expect(lateFailure.subscription.status).toBe('active');
  });

  it('refunds a second attempt paid after the plan was bought', () => {
    const transition = apply(activeSubscription(), { type: 'first_charge_paid', chargeId: 'ch_b', on: '2026-01-11' });
    expect(transition.subscription).toEqual(activeSubscription());
    expect(transition.effects).toEqual([{ type: 'refund_charge', chargeId: 'ch_b', reason: 'not_payable' }]);
  });

  it('refunds a first charge paid after the client declined', () => {
    const transition = apply(withStatus('rejected'), { type: 'first_charge_paid', chargeId: 'ch_x', on: '2026-01-11' });
    expect(transition.subscription.status).toBe('rejected');
    expect(transition.effects).toEqual([{ type: 'refund_charge', chargeId: 'ch_x', reason: 'not_payable' }]);
  });

  it('ignores a late failure of a renewal once a retry paid it', () => {
    const paid = apply(pastDueSubscription(), {
      type: 'renewal_charge_paid',
      chargeId: 'ch_3',
      dueDate: '2026-02-10',
      on: '2026-02-11',
    }).subscription;
    expect(paid).toMatchObject({ status: 'active', nextPaymentDate: '2026-03-10', failedAttempts: 0 });
    const lateFailure = apply(paid, {
      type: 'renewal_charge_failed',
      chargeId: 'ch_2',
      dueDate: '2026-02-10',
      attempt: 1,
      on: '2026-02-10',
    });
    expect(lateFailure.ignored).toBe('stale');
    expect(lateFailure.subscription).toEqual(paid);
  });

  it('counts a failed attempt reported twice once', () => {
    const pastDue = pastDueSubscription();
    const again = apply(pastDue, {
      type: 'renewal_charge_failed',
      chargeId: 'ch_2',
      dueDate: '2026-02-10',
      attempt: 1,
      on: '2026-02-10',
    });
    expect(again.ignored).toBe('duplicate');
    expect(again.subscription.failedAttempts).toBe(1);
    expect(again.effects).toEqual([]);
  });

  it('refunds a renewal paid twice for the same period', () => {
    const renewed = apply(activeSubscription(), {
      type: 'renewal_charge_paid',
      chargeId: 'ch_2',
      dueDate: '2026-02-10',
      on: '2026-02-10',
    }).subscription;
    expect(
      apply(renewed, { type: 'renewal_charge_paid', chargeId: 'ch_2', dueDate: '2026-02-10', on: '2026-02-10' })
        .ignored,
    ).toBe('duplicate');
    const twice = apply(renewed, {
      type: 'renewal_charge_paid',
      chargeId: 'ch_9',
      dueDate: '2026-02-10',
      on: '2026-02-10',
    });
    expect(twice.subscription).toEqual(renewed);
    expect(twice.effects).toEqual([{ type: 'refund_charge', chargeId: 'ch_9', reason: 'period_already_paid' }]);
  });

  it('refunds a renewal paid for a period that is not due', () => {
    const transition = apply(activeSubscription(), {
      type: 'renewal_charge_paid',
      chargeId: 'ch_9',
      dueDate: '2026-03-10',
      on: '2026-02-10',
    });
    expect(transition.effects).toEqual([{ type: 'refund_charge', chargeId: 'ch_9', reason: 'not_payable' }]);
  });

  it('reactivates a suspended subscription when its last retry is paid late (processing, then paid)', () => {
    const late = apply(suspendedSubscription(), {
      type: 'renewal_charge_paid',
      chargeId: 'ch_fail_4',
      dueDate: '2026-02-10',
      on: '2026-02-17',
    });
    expect(late.subscription).toMatchObject({ status: 'active', nextPaymentDate: '2026-03-10', failedAttempts: 0 });
  });

  it('refunds a renewal paid after the client canceled', () => {
    const canceled = withStatus('canceled');
    const transition = apply(canceled, {
      type: 'renewal_charge_paid',
      chargeId: 'ch_2',
      dueDate: '2026-02-10',
      on: '2026-02-10',
    });
    expect(transition.subscription).toEqual(canceled);
    expect(transition.effects).toEqual([{ type: 'refund_charge', chargeId: 'ch_2', reason: 'not_payable' }]);
  });

  it('ignores the refund of a charge Prumo refunded itself, or of an older period', () => {
    const renewed = apply(activeSubscription(), {
      type: 'renewal_charge_paid',
      chargeId: 'ch_2',
      dueDate: '2026-02-10',
      on: '2026-02-10',
    }).subscription;
    const transition = apply(renewed, { type: 'charge_refunded', chargeId: 'ch_1', on: '2026-02-12' });
    expect(transition.ignored).toBe('stale');
    expect(transition.subscription).toEqual(renewed);
  });
});

describe('renewals', () => {
  it('renews on a paid charge and schedules the next one', () => {
    const transition = apply(activeSubscription(), {
      type: 'renewal_charge_paid',
      chargeId: 'ch_2',
      dueDate: '2026-02-10',
      on: '2026-02-10',
    });
    expect(transition.subscription).toMatchObject({
      status: 'active',
      periodChargeId: 'ch_2',
      lastPaymentDate: '2026-02-10',
      nextPaymentDate: '2026-03-10',
    });
    expect(transition.effects).toEqual([
      { type: 'cancel_scheduled_charges' },
      { type: 'schedule_charge', dueDate: '2026-03-10', attempt: 1, on: '2026-03-10' },
    ]);
  });

  it('goes past due on a failed renewal, keeps access, and schedules the retries 1, 3 and 5 days on', () => {
    let subscription = activeSubscription();
    const attempts = [
      { on: '2026-02-10', retryOn: '2026-02-11' },
      { on: '2026-02-11', retryOn: '2026-02-13' },
      { on: '2026-02-13', retryOn: '2026-02-15' },
    ];
    attempts.forEach(({ on, retryOn }, index) => {
      const transition = apply(subscription, {
        type: 'renewal_charge_failed',
        chargeId: `ch_f${index}`,
        dueDate: '2026-02-10',
        attempt: index + 1,
        on,
      });
      subscription = transition.subscription;
      expect(subscription).toMatchObject({ status: 'past_due', failedAttempts: index + 1 });
      expect(hasPlanAccess(subscription, on)).toBe(true);
      expect(transition.effects).toEqual([
        { type: 'cancel_scheduled_charges' },
        { type: 'schedule_charge', dueDate: '2026-02-10', attempt: index + 2, on: retryOn },
      ]);
    });
    const last = apply(subscription, {
      type: 'renewal_charge_failed',
      chargeId: 'ch_f4',
      dueDate: '2026-02-10',
      attempt: 4,
      on: '2026-02-15',
    });
    expect(last.subscription).toMatchObject({ status: 'suspended', failedAttempts: 4, nextPaymentDate: '2026-02-10' });
    expect(last.effects).toEqual([{ type: 'cancel_scheduled_charges' }]);
    expect(hasPlanAccess(last.subscription, '2026-02-15')).toBe(false);
    expect(describeSubscriptionDates(last.subscription).next_payment_date_formatted).toBeNull();
  });

  it('suspends when the watchdog gives up on a retry that never answered, once', () => {
    const suspended = apply(pastDueSubscription(), { type: 'retries_exhausted', on: '2026-02-20' });
    expect(suspended.subscription.status).toBe('suspended');
    expect(suspended.effects).toEqual([{ type: 'cancel_scheduled_charges' }]);
    expect(apply(suspended.subscription, { type: 'retries_exhausted', on: '2026-02-21' }).ignored).toBe('duplicate');
    expect(apply(activeSubscription(), { type: 'retries_exhausted', on: '2026-02-21' }).ignored).toBe('stale');
  });

  it('tries a new card at once when past due, as the next attempt', () => {
    const transition = apply(pastDueSubscription(), { type: 'card_changed', on: '2026-02-10' });
    expect(transition.subscription.status).toBe('past_due');
    expect(transition.effects).toEqual([
      { type: 'cancel_scheduled_charges' },
      { type: 'schedule_charge', dueDate: '2026-02-10', attempt: 2, on: '2026-02-10' },
    ]);
  });

  it('changes the card of an active subscription without charging', () => {
    const transition = apply(activeSubscription(), { type: 'card_changed', on: '2026-01-20' });
    expect(transition.subscription).toEqual(activeSubscription());
    expect(transition.effects).toEqual([]);
  });

  it('refuses to change the card of a proposal or a free plan', () => {
    for (const status of ['pending', 'processing', 'failed', 'rejected'] as const) {
      expect(refusalOf(applySubscriptionEvent(withStatus(status), { type: 'card_changed', on: '2026-01-10' }))).toEqual(
        {
          code: 'card_not_changeable',
          message: 'Não foi possível alterar o cartão desta assinatura.',
        },
      );
    }
  });
});

describe('canceling', () => {
  it('keeps a paid-up subscription usable until its period ends, then ends it, without refund', () => {
    const transition = apply(activeSubscription(), { type: 'cancel', on: '2026-01-20' });
    expect(transition.subscription).toMatchObject({
      status: 'canceled',
      nextPaymentDate: null,
      accessEndsOn: '2026-02-10',
    });
    expect(transition.effects).toEqual([{ type: 'cancel_scheduled_charges' }]);
    expect(hasPlanAccess(transition.subscription, '2026-02-09')).toBe(true);
    expect(hasPlanAccess(transition.subscription, '2026-02-10')).toBe(false);
  });

  it('ends a past-due subscription at once (its period is unpaid), and a suspended one', () => {
    const pastDue = apply(pastDueSubscription(), { type: 'cancel', on: '2026-02-12' });
    expect(pastDue.subscription).toMatchObject({ status: 'canceled', accessEndsOn: '2026-02-12' });
    expect(pastDue.effects).toEqual([{ type: 'cancel_scheduled_charges' }]);
    expect(hasPlanAccess(pastDue.subscription, '2026-02-12')).toBe(false);
    expect(apply(suspendedSubscription(), { type: 'cancel', on: '2026-02-20' }).subscription.status).toBe('canceled');
  });

  it('ends a free plan at once', () => {
    const free = apply(createPendingSubscription({ billing: 'free', payday: null }), {
      type: 'accept_free',
      on: '2026-01-10',
    });
    const canceled = apply(free.subscription, { type: 'cancel', on: '2026-01-20' }).subscription;
    expect(canceled).toMatchObject({ status: 'canceled', accessEndsOn: '2026-01-20' });
  });

  it('takes a second cancel as done', () => {
    const canceled = withStatus('canceled');
    expect(apply(canceled, { type: 'cancel', on: '2026-01-21' })).toEqual({
      ok: true,
      subscription: canceled,
      effects: [],
      ignored: 'duplicate',
    });
  });

  it('refuses to cancel what has not started, in the words the client sees', () => {
    for (const status of ['pending', 'processing', 'failed', 'rejected'] as const) {
      expect(refusalOf(applySubscriptionEvent(withStatus(status), { type: 'cancel', on: '2026-01-10' }))).toEqual({
        code: 'not_cancelable',
        message: 'Não foi possível cancelar sua assinatura',
      });
    }
  });

  it('ends the plan the day the current period’s charge is refunded', () => {
    const refunded = apply(activeSubscription(), { type: 'charge_refunded', chargeId: 'ch_1', on: '2026-01-15' });
    expect(refunded.subscription).toMatchObject({
      status: 'canceled',
      accessEndsOn: '2026-01-15',
      nextPaymentDate: null,
    });
    expect(refunded.effects).toEqual([{ type: 'cancel_scheduled_charges' }]);
    expect(apply(refunded.subscription, { type: 'charge_refunded', chargeId: 'ch_1', on: '2026-01-15' }).ignored).toBe(
      'duplicate',
    );
    // Canceled earlier, refunded later: access ends on the refund instead of the period's end.
    const canceled = withStatus('canceled');
    const cut = apply(canceled, { type: 'charge_refunded', chargeId: 'ch_1', on: '2026-01-25' });
    expect(cut.subscription.accessEndsOn).toBe('2026-01-25');
  });
});

describe('reactivating', () => {
  it('brings back a subscription canceled inside its paid period without charging', () => {
    const canceled = withStatus('canceled');
    expect(isReactivationChargeRequired(canceled, '2026-02-01')).toBe(false);
    const transition = apply(canceled, { type: 'reactivate', on: '2026-02-01' });
    expect(transition.subscription).toMatchObject({
      status: 'active',
      nextPaymentDate: '2026-02-10',
      accessEndsOn: null,
    });
    expect(transition.effects).toEqual([
      { type: 'schedule_charge', dueDate: '2026-02-10', attempt: 1, on: '2026-02-10' },
    ]);
  });

  it('needs a paid charge once the paid period is over, and starts a new period with it', () => {
    const canceled = withStatus('canceled');
    expect(isReactivationChargeRequired(canceled, '2026-02-10')).toBe(true);
    expect(refusalOf(applySubscriptionEvent(canceled, { type: 'reactivate', on: '2026-02-10' }))).toEqual({
      code: 'charge_required',
      message: 'Erro ao reativar subscrição',
    });
    const transition = apply(canceled, { type: 'reactivate', on: '2026-03-05', paidCharge: { chargeId: 'ch_r' } });
    expect(transition.subscription).toMatchObject({
      status: 'active',
      periodChargeId: 'ch_r',
      lastPaymentDate: '2026-03-05',
      nextPaymentDate: '2026-04-10',
      accessEndsOn: null,
    });
  });

  it('needs a paid charge to bring back a suspended subscription', () => {
    const suspended = suspendedSubscription();
    expect(isReactivationChargeRequired(suspended, '2026-02-20')).toBe(true);
    expect(refusalOf(applySubscriptionEvent(suspended, { type: 'reactivate', on: '2026-02-20' })).code).toBe(
      'charge_required',
    );
    const transition = apply(suspended, { type: 'reactivate', on: '2026-02-20', paidCharge: { chargeId: 'ch_r' } });
    expect(transition.subscription).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      nextPaymentDate: '2026-04-10',
    });
    expect(transition.effects).toEqual([
      { type: 'cancel_scheduled_charges' },
      { type: 'schedule_charge', dueDate: '2026-04-10', attempt: 1, on: '2026-04-10' },
    ]);
  });

  it('takes a reactivation charge reported again once, and refunds one that pays nothing', () => {
    const active = apply(suspendedSubscription(), {
      type: 'reactivate',
      on: '2026-02-20',
      paidCharge: { chargeId: 'ch_r' },
    }).subscription;
    expect(apply(active, { type: 'reactivate', on: '2026-02-20', paidCharge: { chargeId: 'ch_r' } }).ignored).toBe(
      'duplicate',
    );
    const extra = apply(active, { type: 'reactivate', on: '2026-02-20', paidCharge: { chargeId: 'ch_s' } });
    expect(extra.effects).toEqual([{ type: 'refund_charge', chargeId: 'ch_s', reason: 'not_payable' }]);
  });

  it('refuses to reactivate what is not canceled or suspended', () => {
    for (const status of ['pending', 'processing', 'active', 'past_due', 'rejected', 'failed'] as const) {
      expect(refusalOf(applySubscriptionEvent(withStatus(status), { type: 'reactivate', on: '2026-01-10' }))).toEqual({
        code: 'not_reactivatable',
        message: 'Erro ao reativar subscrição',
      });
    }
  });

  it('brings back a canceled free plan without a charge', () => {
    const free = apply(createPendingSubscription({ billing: 'free', payday: null }), {
      type: 'accept_free',
      on: '2026-01-10',
    });
    const canceled = apply(free.subscription, { type: 'cancel', on: '2026-01-20' }).subscription;
    expect(isReactivationChargeRequired(canceled, '2026-05-01')).toBe(false);
    expect(apply(canceled, { type: 'reactivate', on: '2026-05-01' }).subscription.status).toBe('active');
  });
});

describe('rejecting a proposal', () => {
  it('rejects a pending proposal, once', () => {
    const rejected = apply(cardPlan(), { type: 'reject', on: '2026-01-10' });
    expect(rejected.subscription.status).toBe('rejected');
    expect(apply(rejected.subscription, { type: 'reject', on: '2026-01-10' }).ignored).toBe('duplicate');
  });

  it('refuses to reject while the payment is processing or once the plan started', () => {
    expect(refusalOf(applySubscriptionEvent(withStatus('processing'), { type: 'reject', on: '2026-01-10' })).code).toBe(
      'payment_processing',
    );
    expect(refusalOf(applySubscriptionEvent(withStatus('active'), { type: 'reject', on: '2026-01-10' }))).toEqual({
      code: 'not_rejectable',
      message: 'Não foi possível recusar o plano proposto.',
    });
  });
});

describe('a whole year of one subscription', () => {
  it('pays, renews, falls behind, catches up, cancels and comes back', () => {
    const story = applyAll(cardPlan(), [
      { type: 'first_charge_processing', chargeId: 'ch_1', on: '2026-01-10' },
      { type: 'first_charge_paid', chargeId: 'ch_1', on: '2026-01-10' },
      // The webhook repeats what the charge call answered.
      { type: 'first_charge_paid', chargeId: 'ch_1', on: '2026-01-10' },
      { type: 'renewal_charge_paid', chargeId: 'ch_2', dueDate: '2026-02-10', on: '2026-02-10' },
      { type: 'renewal_charge_failed', chargeId: 'ch_3', dueDate: '2026-03-10', attempt: 1, on: '2026-03-10' },
      { type: 'card_changed', on: '2026-03-10' },
      { type: 'renewal_charge_paid', chargeId: 'ch_4', dueDate: '2026-03-10', on: '2026-03-10' },
      { type: 'renewal_charge_failed', chargeId: 'ch_3', dueDate: '2026-03-10', attempt: 1, on: '2026-03-11' },
      { type: 'cancel', on: '2026-03-20' },
      { type: 'reactivate', on: '2026-04-01' },
    ]);
    expect(story).toEqual({
      status: 'active',
      billing: 'card',
      payday: 10,
      processingChargeId: null,
      periodChargeId: 'ch_4',
      lastPaymentDate: '2026-03-10',
      nextPaymentDate: '2026-04-10',
      failedAttempts: 0,
      accessEndsOn: null,
    });
  });
});

describe('every status against every event', () => {
  const events: SubscriptionEvent[] = [
    { type: 'accept_free', on: '2026-03-01' },
    { type: 'first_charge_processing', chargeId: 'ch_z', on: '2026-03-01' },
    { type: 'first_charge_paid', chargeId: 'ch_z', on: '2026-03-01' },
    { type: 'first_charge_failed', chargeId: 'ch_z', on: '2026-03-01' },
    { type: 'renewal_charge_paid', chargeId: 'ch_z', dueDate: '2026-02-10', on: '2026-03-01' },
    { type: 'renewal_charge_failed', chargeId: 'ch_z', dueDate: '2026-02-10', attempt: 2, on: '2026-03-01' },
    { type: 'retries_exhausted', on: '2026-03-01' },
    { type: 'charge_refunded', chargeId: 'ch_z', on: '2026-03-01' },
    { type: 'cancel', on: '2026-03-01' },
    { type: 'reactivate', on: '2026-03-01' },
    { type: 'reactivate', on: '2026-03-01', paidCharge: { chargeId: 'ch_z' } },
    { type: 'reject', on: '2026-03-01' },
    { type: 'card_changed', on: '2026-03-01' },
  ];
  const gatewayFacts = new Set([
    'first_charge_processing',
    'first_charge_paid',
    'first_charge_failed',
    'renewal_charge_paid',
    'renewal_charge_failed',
    'retries_exhausted',
    'charge_refunded',
  ]);

  it('never refuses a gateway fact nor a paid charge, and refuses people with a pt-BR message', () => {
    for (const status of subscriptionStatuses) {
      for (const event of events) {
        const transition = applySubscriptionEvent(withStatus(status), event);
        const isFact = gatewayFacts.has(event.type) || (event.type === 'reactivate' && event.paidCharge);
        if (isFact) expect(transition.ok, `${status} + ${event.type}`).toBe(true);
        if (!transition.ok) expect(transition.refusal.message).toMatch(/[ãáçéêíóú]|Erro|Não/);
      }
    }
  });

  it('keeps every snapshot within its own rules', () => {
    for (const status of subscriptionStatuses) {
      for (const event of events) {
        const transition = applySubscriptionEvent(withStatus(status), event);
        if (!transition.ok) continue;
        const after = transition.subscription;
        expect(subscriptionStatuses).toContain(after.status);
        // Only a canceled subscription has an end of access; only a processing one waits on a charge.
        expect(after.accessEndsOn === null, `${status} + ${event.type}`).toBe(after.status !== 'canceled');
        if (after.status !== 'processing') expect(after.processingChargeId).toBeNull();
        if (after.status === 'active' && after.billing === 'card') expect(after.nextPaymentDate).not.toBeNull();
        // Money that pays nothing is given back rather than kept.
        for (const effect of transition.effects) {
          if (effect.type === 'refund_charge') expect(after).toEqual(withStatus(status));
        }
      }
    }
  });
});
