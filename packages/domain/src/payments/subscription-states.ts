import { formatBrazilianDate, shiftDay } from '../br/date';

/**
 * A subscription's life, as one pure function of what is stored and what happened (ADR 30).
 *
 * Prumo schedules renewals itself: a job charges the saved card on each due date. The gateway's
 * answers reach Prumo twice (the charge call's own answer, then a webhook), sometimes late and in
 * any order, so every gateway fact is absorbed here and never refused: a repeat changes nothing, a
 * fact about a charge that no longer matters is ignored, and money taken that pays for nothing
 * comes back as a refund effect. Only people's actions (cancel, reactivate, reject, …) are refused.
 */

export const subscriptionStatuses = [
  /** Proposed to the client (step 1), not yet paid nor accepted. */
  'pending',
  /** The first charge is waiting at the gateway (a card that is "processing then paid/failed"). */
  'processing',
  'active',
  /** A renewal charge failed: the plan stays usable while the retries run. */
  'past_due',
  /** The retries ran out: no access until the client reactivates (with a paid charge). */
  'suspended',
  /** Ended by the client, their planner or manager: usable until the paid period ends. */
  'canceled',
  /** The client declined the proposal. */
  'rejected',
  /** The first charge was declined: no plan yet; the client may pay with another card or decline. */
  'failed',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** `free`: a platform plan, accepted without any charge; `card`: each period is charged to the saved card. */
export type SubscriptionBilling = 'free' | 'card';

/** Days: 'YYYY-MM-DD', Brazil's day (findTodayInBrazil). */
export interface SubscriptionSnapshot {
  status: SubscriptionStatus;
  billing: SubscriptionBilling;
  /**
   * The day of the month (1–31) every renewal is due on, kept from the plan when the subscription
   * was made; null when the plan names none, and then set to the day of the first payment.
   */
  payday: number | null;
  /** The first charge the gateway has not answered yet (status `processing`). */
  processingChargeId: string | null;
  /** The charge that paid the current period (its refund ends the plan). */
  periodChargeId: string | null;
  lastPaymentDate: string | null;
  /**
   * When the next charge is due, which is when the paid period ends. It stays on the unpaid due
   * date while past due or suspended; null when nothing more will be charged (free, canceled).
   */
  nextPaymentDate: string | null;
  /** Failed attempts at the charge due on `nextPaymentDate` (0 while it is paid up). */
  failedAttempts: number;
  /** Canceled only: the first day without access. */
  accessEndsOn: string | null;
}

export type SubscriptionEvent =
  /** A platform plan accepted (step 1 to step 3): no charge. */
  | { type: 'accept_free'; on: string }
  | { type: 'first_charge_processing'; chargeId: string; on: string }
  | { type: 'first_charge_paid'; chargeId: string; on: string }
  | { type: 'first_charge_failed'; chargeId: string; on: string }
  /** A renewal charge for the period due on `dueDate` was paid. */
  | { type: 'renewal_charge_paid'; chargeId: string; dueDate: string; on: string }
  /** Attempt `attempt` (1 on the due date, then each retry) at the charge due on `dueDate` failed. */
  | { type: 'renewal_charge_failed'; chargeId: string; dueDate: string; attempt: number; on: string }
  /** The retry watchdog gave up on a past-due charge whose outcome never came. */
  | { type: 'retries_exhausted'; on: string }
  /** The gateway refunded a charge (by the organization, or after a `refund_charge` effect). */
  | { type: 'charge_refunded'; chargeId: string; on: string }
  | { type: 'cancel'; on: string }
  /** With `paidCharge` when reactivating took a charge (suspended, or canceled after the paid period). */
  | { type: 'reactivate'; on: string; paidCharge?: { chargeId: string } }
  | { type: 'reject'; on: string }
  | { type: 'card_changed'; on: string };
export type SubscriptionEventType = SubscriptionEvent['type'];

/** What the caller does after storing the new snapshot, in this order. */
export type SubscriptionEffect =
  /** Charge the saved card on `on` for the period due on `dueDate` (attempt 1 on the due date, then retries). */
  | { type: 'schedule_charge'; dueDate: string; attempt: number; on: string }
  /** Drop every charge scheduled for this subscription and not yet made. */
  | { type: 'cancel_scheduled_charges' }
  /** Give back money that pays for nothing: the subscription could not take it, or the period was already paid. */
  | { type: 'refund_charge'; chargeId: string; reason: 'not_payable' | 'period_already_paid' };

/** The actions people take; each may be refused with a pt-BR message (answered as 409). */
export type SubscriptionAction = 'accept_free' | 'pay' | 'cancel' | 'reactivate' | 'reject' | 'change_card';

export type SubscriptionRefusalCode =
  | 'not_awaiting_payment'
  | 'payment_processing'
  | 'payment_required'
  | 'no_payment_needed'
  | 'not_cancelable'
  | 'not_reactivatable'
  | 'charge_required'
  | 'not_rejectable'
  | 'card_not_changeable';

export interface SubscriptionRefusal {
  code: SubscriptionRefusalCode;
  message: string;
}

export const subscriptionRefusalMessages: Record<SubscriptionRefusalCode, string> = {
  not_awaiting_payment: 'Esta assinatura não está aguardando pagamento.',
  payment_processing: 'O pagamento desta assinatura ainda está em processamento. Aguarde a confirmação.',
  payment_required: 'Este plano exige pagamento com cartão.',
  no_payment_needed: 'Este plano não exige pagamento.',
  not_cancelable: 'Não foi possível cancelar sua assinatura',
  not_reactivatable: 'Erro ao reativar subscrição',
  charge_required: 'Erro ao reativar subscrição',
  not_rejectable: 'Não foi possível recusar o plano proposto.',
  card_not_changeable: 'Não foi possível alterar o cartão desta assinatura.',
};

/** Why a gateway fact changed nothing: told apart for the log only. */
export type IgnoredReason = 'duplicate' | 'stale';

export type SubscriptionTransition =
  | {
      ok: true;
      subscription: SubscriptionSnapshot;
      effects: SubscriptionEffect[];
      /** Set when the event changed nothing (a repeat, or news about a charge that no longer counts). */
      ignored: IgnoredReason | null;
    }
  | { ok: false; refusal: SubscriptionRefusal };

/**
 * Retries of a failed renewal, in days after its due date: attempt 1 is on the due date, attempt 2
 * one day later, 3 on the third day, 4 on the fifth; when attempt 4 fails the subscription is suspended.
 */
export const renewalRetryDays = [1, 3, 5] as const;

/** A new subscription as proposed: `payday` is the plan's (null when the plan names none). */
export function createPendingSubscription(plan: {
  billing: SubscriptionBilling;
  payday: number | null;
}): SubscriptionSnapshot {
  if (plan.payday !== null) checkPayday(plan.payday);
  return {
    status: 'pending',
    billing: plan.billing,
    payday: plan.payday,
    processingChargeId: null,
    periodChargeId: null,
    lastPaymentDate: null,
    nextPaymentDate: null,
    failedAttempts: 0,
    accessEndsOn: null,
  };
}

// ——— Dates ———

function checkPayday(payday: number): void {
  if (!Number.isInteger(payday) || payday < 1 || payday > 31) throw new RangeError(`payday must be 1–31: ${payday}`);
}

function readDay(day: string): { year: number; month: number; dayOfMonth: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
  return { year: Number(match[1]), month: Number(match[2]), dayOfMonth: Number(match[3]) };
}

function writeDay(year: number, month: number, dayOfMonth: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}

function countDaysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `count` months after (year, month), month 1–12. */
function shiftMonth(year: number, month: number, count: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * The day `payday` falls on in a month: in a month too short for it (29–31), the month's last day.
 * The payday itself never moves: a subscription due on the 31st is due on 28/02 and then on 31/03.
 */
export function findPaydayInMonth(payday: number, year: number, month: number): string {
  checkPayday(payday);
  return writeDay(year, month, Math.min(payday, countDaysInMonth(year, month)));
}

/** A renewal's next due date: the payday in the month after the period that was due on `dueDate`. */
export function findFollowingPaymentDate(payday: number, dueDate: string): string {
  const { year, month } = readDay(dueDate);
  const next = shiftMonth(year, month, 1);
  return findPaydayInMonth(payday, next.year, next.month);
}

/**
 * When the period paid on `paidOn` by a first (or reactivation) charge ends: the first payday on or
 * after the same day a month later, so a first payment always buys at least a month (paid on 15/01
 * with payday 10: due on 10/03). Without a payday, exactly a month later (31/01 → 28/02).
 */
export function findFirstNextPaymentDate(payday: number | null, paidOn: string): string {
  const paid = readDay(paidOn);
  const anchorDay = payday ?? paid.dayOfMonth;
  const next = shiftMonth(paid.year, paid.month, 1);
  const monthLater = writeDay(
    next.year,
    next.month,
    Math.min(paid.dayOfMonth, countDaysInMonth(next.year, next.month)),
  );
  const candidate = findPaydayInMonth(anchorDay, next.year, next.month);
  if (candidate >= monthLater) return candidate;
  const after = shiftMonth(next.year, next.month, 1);
  return findPaydayInMonth(anchorDay, after.year, after.month);
}

/**
 * When to retry a renewal due on `dueDate` after `failedAttempts` attempts failed, the last on
 * `failedOn`: the retry day from `renewalRetryDays`, but never before the day after the failure (a
 * late run does not retry twice in a day). Null when no retry is left.
 */
export function findRetryDate(dueDate: string, failedAttempts: number, failedOn: string): string | null {
  const offset = renewalRetryDays[failedAttempts - 1];
  if (offset === undefined) return null;
  const planned = shiftDay(dueDate, offset);
  const earliest = shiftDay(failedOn, 1);
  // Days "YYYY-MM-DD" compare as text.
  return [planned, earliest].sort()[1] as string;
}

/** The days a subscription shows, as dd/mm/yyyy; the next payment only while charges are coming. */
export function describeSubscriptionDates(subscription: SubscriptionSnapshot): {
  last_payment_date_formatted: string | null;
  next_payment_date_formatted: string | null;
} {
  const chargesComing = subscription.status === 'active' || subscription.status === 'past_due';
  return {
    last_payment_date_formatted: subscription.lastPaymentDate
      ? formatBrazilianDate(subscription.lastPaymentDate)
      : null,
    next_payment_date_formatted:
      chargesComing && subscription.nextPaymentDate ? formatBrazilianDate(subscription.nextPaymentDate) : null,
  };
}

/** Whether the client may use the plan on `today`: active, past due (while retries run), or canceled before its end. */
export function hasPlanAccess(subscription: SubscriptionSnapshot, today: string): boolean {
  switch (subscription.status) {
    case 'active':
    case 'past_due':
      return true;
    case 'canceled':
      return subscription.accessEndsOn !== null && today < subscription.accessEndsOn;
    default:
      return false;
  }
}

// ——— Actions ———

/**
 * Whether reactivating on `on` needs a paid charge first: a suspended card subscription, or a
 * canceled one whose paid period is over. A canceled one still inside its period (or a free one)
 * comes back without a charge, and its renewals resume on the old due date.
 */
export function isReactivationChargeRequired(subscription: SubscriptionSnapshot, on: string): boolean {
  if (subscription.billing === 'free') return false;
  if (subscription.status === 'suspended') return true;
  if (subscription.status === 'canceled') return !isInsidePaidPeriod(subscription, on);
  return false;
}

function isInsidePaidPeriod(subscription: SubscriptionSnapshot, on: string): boolean {
  return subscription.accessEndsOn !== null && on < subscription.accessEndsOn;
}

function refuse(code: SubscriptionRefusalCode): SubscriptionRefusal {
  return { code, message: subscriptionRefusalMessages[code] };
}

/**
 * Null when `action` is allowed now; otherwise why not, in pt-BR. `pay` is starting a first charge
 * (the accept call checks it before asking the gateway); `reactivate` is allowed whether or not it
 * needs a charge (see isReactivationChargeRequired).
 */
export function checkSubscriptionAction(
  subscription: SubscriptionSnapshot,
  action: SubscriptionAction,
): SubscriptionRefusal | null {
  const { status, billing } = subscription;
  switch (action) {
    case 'accept_free':
      if (status !== 'pending') return refuse('not_awaiting_payment');
      return billing === 'free' ? null : refuse('payment_required');
    case 'pay':
      if (status === 'processing') return refuse('payment_processing');
      if (status !== 'pending' && status !== 'failed') return refuse('not_awaiting_payment');
      return billing === 'card' ? null : refuse('no_payment_needed');
    case 'cancel':
      return status === 'active' || status === 'past_due' || status === 'suspended' || status === 'canceled'
        ? null
        : refuse('not_cancelable');
    case 'reactivate':
      return status === 'canceled' || status === 'suspended' ? null : refuse('not_reactivatable');
    case 'reject':
      if (status === 'processing') return refuse('payment_processing');
      return status === 'pending' || status === 'failed' || status === 'rejected' ? null : refuse('not_rejectable');
    case 'change_card':
      return billing === 'card' &&
        (status === 'active' || status === 'past_due' || status === 'suspended' || status === 'canceled')
        ? null
        : refuse('card_not_changeable');
  }
}

// ——— Transitions ———

function moved(subscription: SubscriptionSnapshot, effects: SubscriptionEffect[] = []): SubscriptionTransition {
  return { ok: true, subscription, effects, ignored: null };
}

function ignored(subscription: SubscriptionSnapshot, reason: IgnoredReason): SubscriptionTransition {
  return { ok: true, subscription, effects: [], ignored: reason };
}

function refund(
  subscription: SubscriptionSnapshot,
  chargeId: string,
  reason: 'not_payable' | 'period_already_paid',
): SubscriptionTransition {
  return moved(subscription, [{ type: 'refund_charge', chargeId, reason }]);
}

/** A new period paid on `on` by `chargeId` (a first or reactivation charge): renewals start from it. */
function startPaidPeriod(subscription: SubscriptionSnapshot, chargeId: string, on: string): SubscriptionTransition {
  const payday = subscription.payday ?? readDay(on).dayOfMonth;
  const nextPaymentDate = findFirstNextPaymentDate(payday, on);
  return moved(
    {
      ...subscription,
      status: 'active',
      payday,
      processingChargeId: null,
      periodChargeId: chargeId,
      lastPaymentDate: on,
      nextPaymentDate,
      failedAttempts: 0,
      accessEndsOn: null,
    },
    [
      { type: 'cancel_scheduled_charges' },
      { type: 'schedule_charge', dueDate: nextPaymentDate, attempt: 1, on: nextPaymentDate },
    ],
  );
}

/** A paid charge reported again is a repeat; any other paid charge that pays nothing goes back. */
function absorbUnneededPayment(subscription: SubscriptionSnapshot, chargeId: string): SubscriptionTransition {
  if (chargeId === subscription.periodChargeId) return ignored(subscription, 'duplicate');
  return refund(subscription, chargeId, 'not_payable');
}

function applyFirstCharge(
  subscription: SubscriptionSnapshot,
  event: Extract<SubscriptionEvent, { type: `first_charge_${string}` }>,
): SubscriptionTransition {
  const { status } = subscription;
  const awaitingPayment =
    subscription.billing === 'card' && (status === 'pending' || status === 'processing' || status === 'failed');
  switch (event.type) {
    case 'first_charge_paid':
      // Money taken while payment was awaited buys the plan, whichever attempt it was.
      return awaitingPayment
        ? startPaidPeriod(subscription, event.chargeId, event.on)
        : absorbUnneededPayment(subscription, event.chargeId);
    case 'first_charge_processing':
      if (status === 'processing') {
        return ignored(subscription, event.chargeId === subscription.processingChargeId ? 'duplicate' : 'stale');
      }
      if (!awaitingPayment) return ignored(subscription, 'stale');
      return moved({ ...subscription, status: 'processing', processingChargeId: event.chargeId });
    case 'first_charge_failed':
      if (status === 'pending' && subscription.billing === 'card') return moved({ ...subscription, status: 'failed' });
      if (status === 'processing' && event.chargeId === subscription.processingChargeId) {
        return moved({ ...subscription, status: 'failed', processingChargeId: null });
      }
      // Failed already, or news of an attempt another one overtook.
      return ignored(subscription, status === 'failed' ? 'duplicate' : 'stale');
  }
}

function applyRenewalPaid(
  subscription: SubscriptionSnapshot,
  event: Extract<SubscriptionEvent, { type: 'renewal_charge_paid' }>,
): SubscriptionTransition {
  if (event.chargeId === subscription.periodChargeId) return ignored(subscription, 'duplicate');
  const { status, nextPaymentDate, payday } = subscription;
  const collecting = status === 'active' || status === 'past_due' || status === 'suspended';
  if (!collecting || subscription.billing !== 'card' || nextPaymentDate === null || payday === null) {
    return refund(subscription, event.chargeId, 'not_payable');
  }
  if (event.dueDate < nextPaymentDate) return refund(subscription, event.chargeId, 'period_already_paid');
  if (event.dueDate > nextPaymentDate) return refund(subscription, event.chargeId, 'not_payable');
  const following = findFollowingPaymentDate(payday, nextPaymentDate);
  return moved(
    {
      ...subscription,
      status: 'active',
      periodChargeId: event.chargeId,
      lastPaymentDate: event.on,
      nextPaymentDate: following,
      failedAttempts: 0,
    },
    [{ type: 'cancel_scheduled_charges' }, { type: 'schedule_charge', dueDate: following, attempt: 1, on: following }],
  );
}

function suspend(subscription: SubscriptionSnapshot): SubscriptionTransition {
  return moved({ ...subscription, status: 'suspended' }, [{ type: 'cancel_scheduled_charges' }]);
}

function applyRenewalFailed(
  subscription: SubscriptionSnapshot,
  event: Extract<SubscriptionEvent, { type: 'renewal_charge_failed' }>,
): SubscriptionTransition {
  const { status } = subscription;
  if ((status !== 'active' && status !== 'past_due') || event.dueDate !== subscription.nextPaymentDate) {
    // The period was paid by another attempt, or the subscription moved on (suspended, canceled).
    return ignored(
      subscription,
      status === 'suspended' && event.dueDate === subscription.nextPaymentDate ? 'duplicate' : 'stale',
    );
  }
  if (event.attempt <= subscription.failedAttempts) return ignored(subscription, 'duplicate');
  const failing: SubscriptionSnapshot = { ...subscription, status: 'past_due', failedAttempts: event.attempt };
  const retryOn = findRetryDate(event.dueDate, event.attempt, event.on);
  if (retryOn === null) return suspend(failing);
  return moved(failing, [
    { type: 'cancel_scheduled_charges' },
    { type: 'schedule_charge', dueDate: event.dueDate, attempt: event.attempt + 1, on: retryOn },
  ]);
}

function applyRefund(
  subscription: SubscriptionSnapshot,
  event: Extract<SubscriptionEvent, { type: 'charge_refunded' }>,
): SubscriptionTransition {
  // Only the charge that pays the current period matters; Prumo's own refunds come back here and stop.
  if (event.chargeId !== subscription.periodChargeId) return ignored(subscription, 'stale');
  if (subscription.status === 'active') {
    return moved({ ...subscription, status: 'canceled', nextPaymentDate: null, accessEndsOn: event.on }, [
      { type: 'cancel_scheduled_charges' },
    ]);
  }
  if (subscription.status === 'canceled') {
    if (subscription.accessEndsOn !== null && subscription.accessEndsOn <= event.on) {
      return ignored(subscription, 'duplicate');
    }
    return moved({ ...subscription, accessEndsOn: event.on });
  }
  // Past due or suspended: that charge paid a period already over.
  return ignored(subscription, 'stale');
}

function applyCancel(subscription: SubscriptionSnapshot, on: string): SubscriptionTransition {
  const refusal = checkSubscriptionAction(subscription, 'cancel');
  if (refusal) return { ok: false, refusal };
  if (subscription.status === 'canceled') return ignored(subscription, 'duplicate');
  // Paid up: usable until the period ends, and nothing is refunded. Unpaid or free: it ends today.
  const paidUntil =
    subscription.status === 'active' && subscription.nextPaymentDate !== null && subscription.nextPaymentDate > on
      ? subscription.nextPaymentDate
      : on;
  return moved({ ...subscription, status: 'canceled', nextPaymentDate: null, accessEndsOn: paidUntil }, [
    { type: 'cancel_scheduled_charges' },
  ]);
}

function applyReactivate(
  subscription: SubscriptionSnapshot,
  event: Extract<SubscriptionEvent, { type: 'reactivate' }>,
): SubscriptionTransition {
  const paidCharge = event.paidCharge;
  const refusal = checkSubscriptionAction(subscription, 'reactivate');
  if (refusal) {
    // A paid charge is a fact, never refused: it is a repeat, or it pays nothing here.
    return paidCharge ? absorbUnneededPayment(subscription, paidCharge.chargeId) : { ok: false, refusal };
  }
  if (isReactivationChargeRequired(subscription, event.on)) {
    if (!paidCharge) return { ok: false, refusal: refuse('charge_required') };
    return startPaidPeriod(subscription, paidCharge.chargeId, event.on);
  }
  // Free, or canceled inside its paid period: back as it was, renewals resume on the old due date.
  const effects: SubscriptionEffect[] = paidCharge
    ? [{ type: 'refund_charge', chargeId: paidCharge.chargeId, reason: 'not_payable' }]
    : [];
  if (subscription.billing === 'free') {
    return moved({ ...subscription, status: 'active', accessEndsOn: null }, effects);
  }
  const dueDate = subscription.accessEndsOn as string;
  return moved({ ...subscription, status: 'active', nextPaymentDate: dueDate, accessEndsOn: null }, [
    ...effects,
    { type: 'schedule_charge', dueDate, attempt: 1, on: dueDate },
  ]);
}

/**
 * The subscription after `event`, with what the caller must do next (`effects`, in order), or the
 * refusal of a person's action. Gateway facts (charges paid, failed, processing, refunded; retries
 * exhausted) are never refused. The caller stores the snapshot and carries out the effects in one
 * transaction, and applies the events of one subscription one at a time (its row locked).
 */
export function applySubscriptionEvent(
  subscription: SubscriptionSnapshot,
  event: SubscriptionEvent,
): SubscriptionTransition {
  switch (event.type) {
    case 'accept_free': {
      const refusal = checkSubscriptionAction(subscription, 'accept_free');
      if (refusal) return { ok: false, refusal };
      return moved({ ...subscription, status: 'active' });
    }
    case 'first_charge_paid':
    case 'first_charge_processing':
    case 'first_charge_failed':
      return applyFirstCharge(subscription, event);
    case 'renewal_charge_paid':
      return applyRenewalPaid(subscription, event);
    case 'renewal_charge_failed':
      return applyRenewalFailed(subscription, event);
    case 'retries_exhausted':
      if (subscription.status === 'past_due') return suspend(subscription);
      return ignored(subscription, subscription.status === 'suspended' ? 'duplicate' : 'stale');
    case 'charge_refunded':
      return applyRefund(subscription, event);
    case 'cancel':
      return applyCancel(subscription, event.on);
    case 'reactivate':
      return applyReactivate(subscription, event);
    case 'reject': {
      const refusal = checkSubscriptionAction(subscription, 'reject');
      if (refusal) return { ok: false, refusal };
      if (subscription.status === 'rejected') return ignored(subscription, 'duplicate');
      return moved({ ...subscription, status: 'rejected', processingChargeId: null });
    }
    case 'card_changed': {
      const refusal = checkSubscriptionAction(subscription, 'change_card');
      if (refusal) return { ok: false, refusal };
      if (subscription.status !== 'past_due' || subscription.nextPaymentDate === null) return moved(subscription);
      // The new card is tried at once, as the next attempt, in place of the retry that was waiting.
      return moved(subscription, [
        { type: 'cancel_scheduled_charges' },
        {
          type: 'schedule_charge',
          dueDate: subscription.nextPaymentDate,
          attempt: subscription.failedAttempts + 1,
          on: event.on,
        },
      ]);
    }
  }
}
