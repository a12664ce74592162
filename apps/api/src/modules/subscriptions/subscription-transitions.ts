import {
  applySubscriptionEvent,
  type SubscriptionBilling,
  type SubscriptionEvent,
  type SubscriptionRefusal,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
} from '@prumo/domain/payments/subscription-states';
import type { Transaction } from '../../db/database';
import { requestRefund, type SubscriptionRow, type SubscriptionValues, updateSubscription } from './subscriptions.repo';

/**
 * Every status change — a person's call, a renewal, a webhook — goes through here: the state
 * machine (ADR 30) gives the new snapshot and its effects, which are stored in the caller's
 * transaction with the subscription's row held, so one event is applied at a time.
 */

export function readSnapshot(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    status: row.status as SubscriptionStatus,
    billing: row.billing as SubscriptionBilling,
    payday: row.payday,
    processingChargeId: row.processingChargeId === null ? null : String(row.processingChargeId),
    periodChargeId: row.periodChargeId === null ? null : String(row.periodChargeId),
    lastPaymentDate: row.lastPaymentDate,
    nextPaymentDate: row.nextPaymentDate,
    failedAttempts: row.failedAttempts,
    accessEndsOn: row.accessEndsOn,
  };
}

/** The snapshot's charge ids are the charge rows' ids, as text. */
function readChargeRowId(chargeId: string | null): number | null {
  return chargeId === null ? null : Number(chargeId);
}

function buildSnapshotColumns(snapshot: SubscriptionSnapshot): Partial<SubscriptionValues> {
  return {
    status: snapshot.status,
    billing: snapshot.billing,
    payday: snapshot.payday,
    processingChargeId: readChargeRowId(snapshot.processingChargeId),
    periodChargeId: readChargeRowId(snapshot.periodChargeId),
    lastPaymentDate: snapshot.lastPaymentDate,
    nextPaymentDate: snapshot.nextPaymentDate,
    failedAttempts: snapshot.failedAttempts,
    accessEndsOn: snapshot.accessEndsOn,
  };
}

export type StoredEvent =
  | {
      ok: true;
      subscription: SubscriptionRow;
      /** False when the state machine ignored the event (a repeat, or news that no longer counts). */
      changed: boolean;
      /** Charges marked to be given back: refund them once the transaction has committed. */
      refundChargeIds: number[];
    }
  | { ok: false; refusal: SubscriptionRefusal };

/** Applies `event` to the held subscription and stores the snapshot with its effects. */
export async function storeSubscriptionEvent(
  transaction: Transaction,
  row: SubscriptionRow,
  event: SubscriptionEvent,
  now: Date,
): Promise<StoredEvent> {
  const transition = applySubscriptionEvent(readSnapshot(row), event);
  if (!transition.ok) return transition;
  if (transition.ignored) return { ok: true, subscription: row, changed: false, refundChargeIds: [] };
  const changes: Partial<SubscriptionValues> = buildSnapshotColumns(transition.subscription);
  const refundChargeIds: number[] = [];
  for (const effect of transition.effects) {
    if (effect.type === 'cancel_scheduled_charges') {
      Object.assign(changes, { scheduledDueDate: null, scheduledAttempt: null, scheduledOn: null });
    } else if (effect.type === 'schedule_charge') {
      Object.assign(changes, {
        scheduledDueDate: effect.dueDate,
        scheduledAttempt: effect.attempt,
        scheduledOn: effect.on,
      });
    } else {
      const chargeId = Number(effect.chargeId);
      if (await requestRefund(transaction, chargeId)) refundChargeIds.push(chargeId);
    }
  }
  const before = row.status;
  const after = transition.subscription.status;
  if (after === 'active' && row.acceptedAt === null) changes.acceptedAt = now;
  if (after === 'canceled' && before !== 'canceled') changes.canceledAt = now;
  if (before === 'canceled' && after === 'active') changes.canceledAt = null;
  // Declined proposals no longer count: the client may be offered another plan.
  if (after === 'rejected') changes.endedAt = now;
  const subscription = await updateSubscription(transaction, row.id, changes);
  return { ok: true, subscription, changed: true, refundChargeIds };
}
