import type { SavedCard, Subscription, SubscriptionCharge } from '@prumo/contract/subscriptions';
import { computePlanTotalCents, findPlanCode } from '@prumo/domain/payments/plan-rules';
import { describeSubscriptionDates } from '@prumo/domain/payments/subscription-states';
import type { Database, Transaction } from '../../db/database';
import { readSnapshot } from './subscription-transitions';
import { findSubscriptionParts, type SavedCardRow, type SubscriptionRow } from './subscriptions.repo';

export function presentSavedCard(row: SavedCardRow): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last_four_digits: row.lastFourDigits,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Step 1 proposed, 2 payment and signature (a card plan not paid yet, or its first payment
 * processing), 3 done (accepted once, whatever happened since).
 */
function findStep(row: SubscriptionRow): 1 | 2 | 3 {
  if (row.acceptedAt) return 3;
  return row.status === 'processing' || row.status === 'failed' ? 2 : 1;
}

type Parts = Awaited<ReturnType<typeof findSubscriptionParts>>;

function presentCharge(item: Parts['charges'][number]): SubscriptionCharge {
  const { charge } = item;
  return {
    id: charge.id,
    amount: charge.amountCents,
    // Sent and not answered yet is, for the client, a payment being processed.
    status: charge.status === 'sending' ? 'processing' : (charge.status as SubscriptionCharge['status']),
    due_date: charge.dueDate,
    attempt: charge.attempt,
    created_at: charge.createdAt.toISOString(),
    paid_at: charge.paidAt?.toISOString() ?? null,
    failure_message: charge.failureMessage,
    card:
      item.cardBrand !== null && item.cardLastFourDigits !== null
        ? { brand: item.cardBrand, last_four_digits: item.cardLastFourDigits }
        : null,
  };
}

function presentWithParts(row: SubscriptionRow, parts: Parts): Subscription {
  const plan = parts.plans.find((item) => item.id === row.planId);
  const client = parts.clients.find((item) => item.id === row.clientUserId);
  if (!plan || !client) throw new Error(`subscription ${row.id} lost its plan or client`);
  const card = row.cardId === null ? undefined : parts.cards.find((item) => item.id === row.cardId);
  const amounts = {
    platform_amount: row.platformAmountCents,
    service_amount: row.serviceAmountCents,
    recurrent_amount: row.recurrentAmountCents,
  };
  return {
    id: row.id,
    status: readSnapshot(row).status,
    step: findStep(row),
    plan: {
      id: plan.id,
      name: plan.name,
      description: plan.description,
      type: row.planType,
      plan_code: findPlanCode(row.planType),
      hashed_id: plan.hashedId,
    },
    client: { id: client.id, first_name: client.firstName, last_name: client.lastName, email: client.email },
    ...amounts,
    service_months: row.serviceMonths,
    total_amount: computePlanTotalCents(amounts),
    payday: row.payday,
    card: card ? presentSavedCard(card) : null,
    last_payment_date: row.lastPaymentDate,
    next_payment_date: row.nextPaymentDate,
    ...describeSubscriptionDates(readSnapshot(row)),
    access_ends_on: row.accessEndsOn,
    created_at: row.createdAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    charges: parts.charges.filter((item) => item.charge.subscriptionId === row.id).map(presentCharge),
  };
}

export async function presentSubscriptions(
  db: Database | Transaction,
  rows: SubscriptionRow[],
): Promise<Subscription[]> {
  const parts = await findSubscriptionParts(db, rows);
  return rows.map((row) => presentWithParts(row, parts));
}

export async function presentSubscription(db: Database | Transaction, row: SubscriptionRow): Promise<Subscription> {
  const [presented] = await presentSubscriptions(db, [row]);
  if (!presented) throw new Error('no subscription presented');
  return presented;
}
