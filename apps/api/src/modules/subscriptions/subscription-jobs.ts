import { findTodayInBrazil, formatBrazilianDate, shiftDay } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { computePeriodChargeCents } from '@prumo/domain/payments/subscription-schemas';
import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job';
import { raiseNotification } from '../notifications/index';
import { openGateway, recoverUnfinishedCharges, runCharge, type SubscriptionRuntime } from './subscription-charges';
import {
  type ChargeRow,
  countCharges,
  findChargeByKey,
  findDueSubscriptionIds,
  findSubscriptionById,
  findUpcomingRenewals,
  insertCharge,
  lockSubscription,
} from './subscriptions.repo';

/** One key per thing charged: the subscription, the period's due date and the attempt. A rerun charges once. */
export function buildRenewalKey(subscriptionId: number, dueDate: string, attempt: number): string {
  return `subscription-${subscriptionId}-${dueDate}-${attempt}`;
}

/**
 * Makes the charge the state machine scheduled for one subscription, when due: the row with its
 * key is committed first, then the gateway is called. A charge of that key already sent and not
 * answered is sent again; one already answered is left alone. Answers whether a charge was sent.
 */
async function chargeScheduledRenewal(runtime: SubscriptionRuntime, subscriptionId: number, now: Date) {
  const today = findTodayInBrazil(now);
  const found = await findSubscriptionById(runtime.deps.db, subscriptionId);
  if (!found) return false;
  const { account } = await openGateway(runtime, found.organizationId);
  const prepared = await runtime.deps.db.transaction(
    async (transaction): Promise<{ charge: ChargeRow; resend: boolean } | null> => {
      const row = await lockSubscription(transaction, subscriptionId);
      const { scheduledDueDate, scheduledAttempt, scheduledOn } = row;
      const due =
        row.endedAt === null &&
        row.billing === 'card' &&
        (row.status === 'active' || row.status === 'past_due') &&
        scheduledDueDate !== null &&
        scheduledAttempt !== null &&
        scheduledOn !== null &&
        scheduledOn <= today;
      if (!due) return null;
      const idempotencyKey = buildRenewalKey(row.id, scheduledDueDate, scheduledAttempt);
      const existing = await findChargeByKey(transaction, idempotencyKey);
      if (existing)
        return existing.status === 'sending' || existing.status === 'processing'
          ? { charge: existing, resend: true }
          : null;
      const paidPeriods = await countCharges(transaction, row.id, { status: 'paid' });
      const charge = await insertCharge(transaction, {
        organizationId: row.organizationId,
        clientUserId: row.clientUserId,
        subscriptionId: row.id,
        kind: 'renewal',
        dueDate: scheduledDueDate,
        attempt: scheduledAttempt,
        idempotencyKey,
        provider: account.provider,
        cardId: row.cardId,
        amountCents: computePeriodChargeCents(
          {
            platform_amount: row.platformAmountCents,
            service_amount: row.serviceAmountCents,
            recurrent_amount: row.recurrentAmountCents,
            service_months: row.serviceMonths,
          },
          paidPeriods,
        ),
        status: 'sending',
      });
      return { charge, resend: false };
    },
  );
  if (!prepared) return false;
  await runCharge(runtime, prepared.charge, prepared);
  return true;
}

/** Charges every subscription whose scheduled charge is due (or only `onlySubscriptionId`). Answers how many were sent. */
export async function chargeDueRenewals(
  runtime: SubscriptionRuntime,
  now: Date,
  onlySubscriptionId?: number,
): Promise<number> {
  const ids = await findDueSubscriptionIds(runtime.deps.db, findTodayInBrazil(now), onlySubscriptionId);
  let sent = 0;
  for (const id of ids) {
    try {
      if (await chargeScheduledRenewal(runtime, id, now)) sent += 1;
    } catch (error) {
      runtime.log.error({ subscription: id, error: (error as Error).message }, 'renewal not charged');
    }
  }
  return sent;
}

/** A renewal is told this many days ahead: time to change the card, or to cancel, before it is charged. */
export const renewalNoticeDays = 3;

/**
 * Tells each client whose card is charged for a new period within the next three days, once per
 * period (the event key names the subscription and the due date, so the daily runs in between and
 * a second process add nothing). The amount is the one the renewal will charge. Answers how many
 * were told.
 */
export async function notifyUpcomingRenewals(runtime: SubscriptionRuntime, now: Date): Promise<number> {
  const today = findTodayInBrazil(now);
  const upcoming = await findUpcomingRenewals(runtime.deps.db, shiftDay(today, 1), shiftDay(today, renewalNoticeDays));
  let told = 0;
  for (const renewal of upcoming) {
    if (!renewal.dueDate) continue;
    const dueDate = renewal.dueDate;
    const raised = await runtime.deps.db.transaction(async (transaction) => {
      const paidPeriods = await countCharges(transaction, renewal.id, { status: 'paid' });
      const amountCents = computePeriodChargeCents(
        {
          platform_amount: renewal.platformAmountCents,
          service_amount: renewal.serviceAmountCents,
          recurrent_amount: renewal.recurrentAmountCents,
          service_months: renewal.serviceMonths,
        },
        paidPeriods,
      );
      return raiseNotification(transaction, {
        userId: renewal.clientUserId,
        eventKey: `subscription:${renewal.id}:${dueDate}:renewing`,
        kind: 'notice',
        title: 'Assinatura será renovada',
        body: `Sua assinatura do plano ${renewal.planName} será renovada em ${formatBrazilianDate(dueDate)}, com a cobrança de ${formatCents(amountCents)} no cartão cadastrado.`,
        screen: 'configuracao/meu-perfil/assinatura',
      });
    });
    if (raised !== null) told += 1;
  }
  return told;
}

const RenewalsSchema = z.object({ subscriptionId: z.number().int().positive().optional() });

/**
 * Every morning at 7 in Brazil: finishes what a crash left unfinished, charges the renewals and
 * retries due today, then tells the clients whose renewal is three days or less away. Sent with a subscription's id, it charges that one now (a new card while
 * past due).
 */
export const subscriptionRenewalsJob: JobDefinition<z.infer<typeof RenewalsSchema>> = defineJob({
  name: 'subscription-renewals',
  schema: RenewalsSchema,
  schedule: () => '0 7 * * *',
  retry: { limit: 3, delaySeconds: 600, backoff: false },
  expireInSeconds: 60 * 60,
  async handle({ subscriptionId }, { deps, jobs, log }) {
    const runtime = { deps, jobs, log };
    const now = new Date();
    if (subscriptionId === undefined) await recoverUnfinishedCharges(runtime, now);
    const sent = await chargeDueRenewals(runtime, now, subscriptionId);
    log.info({ sent }, 'subscription renewals charged');
    if (subscriptionId === undefined) {
      const told = await notifyUpcomingRenewals(runtime, now);
      log.info({ told }, 'upcoming subscription renewals told');
    }
  },
});

const RecoverySchema = z.object({});

/** Every ten minutes: charges sent without a recorded answer, processing for long, refunds not made. */
export const subscriptionChargesRecoveryJob: JobDefinition<z.infer<typeof RecoverySchema>> = defineJob({
  name: 'subscription-charges-recovery',
  schema: RecoverySchema,
  schedule: () => '*/10 * * * *',
  retry: { limit: 2, delaySeconds: 60, backoff: false },
  expireInSeconds: 15 * 60,
  async handle(_data, { deps, jobs, log }) {
    const looked = await recoverUnfinishedCharges({ deps, jobs, log }, new Date());
    if (looked > 0) log.info({ charges: looked }, 'unfinished subscription charges looked at');
  },
});
