import { findTodayInBrazil, formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { gatewayErrorMessages, translateGatewayError } from '@prumo/domain/payments/gateway-errors';
import type { SubscriptionEvent } from '@prumo/domain/payments/subscription-states';
import { type CardCharge, type CardGateway, CardGatewayError } from '../../adapters/card-gateway/card-gateway';
import { findOrCreateGatewaySettings } from '../../adapters/card-gateway/gateway-settings';
import { resolveCardGateway } from '../../adapters/card-gateway/resolve-card-gateway';
import type { Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import type { JobLog } from '../../jobs/define-job';
import type { JobRunner } from '../../jobs/job-runner';
import { raiseNotification } from '../notifications/index';
import { emailRenewalFailure } from './subscription-emails';
import { storeSubscriptionEvent } from './subscription-transitions';
import {
  type ChargeRow,
  findCardWithCustomer,
  findCharge,
  findChargesToRecover,
  findPlanNameOfSubscription,
  type GatewayAccount,
  lockCharge,
  lockSubscription,
  type SubscriptionRow,
  updateCharge,
} from './subscriptions.repo';

/** What the charging code works with, from a route (the request's log) or a job (the job's). */
export interface SubscriptionRuntime {
  deps: AppDependencies;
  jobs: JobRunner;
  log: JobLog;
}

export const chargeMessages = {
  noCard: 'Nenhum cartão cadastrado para esta assinatura.',
  cardNotUsable: 'Este cartão foi salvo em outra conta do gateway de pagamento: cadastre o cartão novamente.',
};

/** A charge sent with no recorded answer for this long is taken for a crash's leftover and sent again (same key). */
export const unansweredChargeMilliseconds = 2 * 60_000;
/** A charge processing this long is read from the gateway, in case its webhook was lost. */
const processingCheckMilliseconds = 30 * 60_000;
/**
 * Sent again, a charge the gateway refuses (a 4xx) stays waiting for this long: the refusal may only
 * mean the first request is still being answered. After it, the charge is taken as failed.
 */
const resendPatienceMilliseconds = 60 * 60_000;

export interface OpenedGateway {
  gateway: CardGateway;
  account: GatewayAccount;
}

/** The organization's gateway and which account it is (cards and customers belong to one). */
export async function openGateway(runtime: SubscriptionRuntime, organizationId: number): Promise<OpenedGateway> {
  const gatewayDeps = { db: runtime.deps.db, config: runtime.deps.config, jobs: runtime.jobs };
  const settings = await findOrCreateGatewaySettings(gatewayDeps, organizationId);
  const gateway = await resolveCardGateway(gatewayDeps, organizationId);
  return { gateway, account: { provider: settings.provider, account: settings.publicKey } };
}

/** The gateway's answer to one charge, as far as the subscription needs it. */
export type ChargeOutcome =
  | { type: 'answered'; charge: CardCharge }
  /** Nothing to charge this period (the plan costs 0 once its services ended): paid without the gateway. */
  | { type: 'nothing_due' }
  /** The gateway refused the request itself, or no card could be named: nothing was charged. */
  | { type: 'refused'; message: string }
  /** No answer (timeout, 5xx): the charge may or may not exist; the same key is sent again later. */
  | { type: 'unavailable' };

/**
 * The pt-BR reason a charge failed: the acquirer's words translated when they say something
 * specific (an expired card), otherwise the issuer's refusal, which is what a failed charge is.
 */
export function describeChargeFailure(failure: CardCharge['failure']): string {
  const message = translateGatewayError(failure?.message);
  return message === gatewayErrorMessages.unknown ? gatewayErrorMessages.declined : message;
}

/** Sends a committed charge row to the gateway with its idempotency key (again, when it was sent before). */
export async function sendCharge(runtime: SubscriptionRuntime, charge: ChargeRow): Promise<ChargeOutcome> {
  if (charge.amountCents === 0) return { type: 'nothing_due' };
  const saved = charge.cardId === null ? null : await findCardWithCustomer(runtime.deps.db, charge.cardId);
  if (!saved) return { type: 'refused', message: chargeMessages.noCard };
  const { gateway, account } = await openGateway(runtime, charge.organizationId);
  if (
    account.provider !== charge.provider ||
    saved.customer.provider !== account.provider ||
    saved.customer.gatewayAccount !== account.account
  ) {
    return { type: 'refused', message: chargeMessages.cardNotUsable };
  }
  const planName = await findPlanNameOfSubscription(runtime.deps.db, charge.subscriptionId);
  try {
    const answered = await gateway.chargeCard({
      customerId: saved.customer.gatewayCustomerId,
      cardId: saved.card.gatewayCardId,
      amountCents: charge.amountCents,
      description: `${planName} — ${formatBrazilianDate(charge.dueDate)}`,
      idempotencyKey: charge.idempotencyKey,
      code: charge.idempotencyKey,
      metadata: { subscription_id: String(charge.subscriptionId), charge_id: String(charge.id) },
    });
    return { type: 'answered', charge: answered };
  } catch (error) {
    if (!(error instanceof CardGatewayError)) throw error;
    runtime.log.error(
      { charge: charge.id, kind: error.kind, status: error.status, error: error.gatewayMessage },
      'card gateway did not take a charge',
    );
    if (error.kind === 'unavailable') return { type: 'unavailable' };
    return { type: 'refused', message: translateGatewayError(error.body) };
  }
}

type SettledStatus = 'processing' | 'paid' | 'failed' | 'canceled';

/** A charge row only moves forward: a late "processing" after "paid" changes nothing. */
const chargeMoves: Record<string, readonly SettledStatus[]> = {
  sending: ['processing', 'paid', 'failed', 'canceled'],
  processing: ['paid', 'failed', 'canceled'],
  paid: ['canceled'],
  failed: [],
  canceled: [],
};

function readOutcomeStatus(outcome: Exclude<ChargeOutcome, { type: 'unavailable' }>): SettledStatus {
  if (outcome.type === 'answered') return outcome.charge.status;
  return outcome.type === 'nothing_due' ? 'paid' : 'failed';
}

function readFailureMessage(outcome: Exclude<ChargeOutcome, { type: 'unavailable' }>): string {
  if (outcome.type === 'refused') return outcome.message;
  if (outcome.type === 'answered') return describeChargeFailure(outcome.charge.failure);
  return gatewayErrorMessages.unknown;
}

/** The state machine's event for a charge row that moved from `previous` to its status, if it tells anything. */
function buildChargeEvent(charge: ChargeRow, previous: string, on: string): SubscriptionEvent | null {
  const chargeId = String(charge.id);
  const { kind, dueDate, attempt } = charge;
  const failed: SubscriptionEvent | null =
    kind === 'first'
      ? { type: 'first_charge_failed', chargeId, on }
      : kind === 'renewal'
        ? { type: 'renewal_charge_failed', chargeId, dueDate, attempt, on }
        : null;
  switch (charge.status) {
    case 'paid':
      if (kind === 'first') return { type: 'first_charge_paid', chargeId, on };
      if (kind === 'renewal') return { type: 'renewal_charge_paid', chargeId, dueDate, on };
      return { type: 'reactivate', on, paidCharge: { chargeId } };
    case 'processing':
      return kind === 'first' ? { type: 'first_charge_processing', chargeId, on } : null;
    case 'failed':
      return failed;
    case 'canceled':
      // Money given back (a refund, a chargeback); a charge voided before it was paid failed.
      return previous === 'paid' ? { type: 'charge_refunded', chargeId, on } : failed;
    default:
      return null;
  }
}

export interface Settlement {
  subscription: SubscriptionRow;
  charge: ChargeRow;
  /** Whether the charge row moved (false: the answer was known already). */
  moved: boolean;
  /** Whether the subscription changed (false: the state machine ignored the news). */
  subscriptionChanged: boolean;
  /** Charges the state machine gave back: refund them after the transaction commits. */
  refundChargeIds: number[];
}

/**
 * Records the gateway's answer on the charge row and applies it to the subscription, in the
 * caller's transaction, with the subscription's row held (held first, as every writer does).
 */
export async function settleChargeInTransaction(
  transaction: Transaction,
  chargeId: number,
  outcome: Exclude<ChargeOutcome, { type: 'unavailable' }>,
  now: Date,
): Promise<Settlement> {
  const found = await findCharge(transaction, chargeId);
  if (!found) throw new Error(`charge ${chargeId} is gone`);
  const subscription = await lockSubscription(transaction, found.subscriptionId);
  const charge = await lockCharge(transaction, chargeId);
  const next = readOutcomeStatus(outcome);
  if (!chargeMoves[charge.status]?.includes(next)) {
    return { subscription, charge, moved: false, subscriptionChanged: false, refundChargeIds: [] };
  }
  const paidAt = next === 'paid' ? (outcome.type === 'answered' && outcome.charge.paidAt) || now : charge.paidAt;
  const updated = await updateCharge(transaction, charge.id, {
    status: next,
    gatewayChargeId: outcome.type === 'answered' ? outcome.charge.id : charge.gatewayChargeId,
    failureMessage: next === 'failed' ? readFailureMessage(outcome) : charge.failureMessage,
    paidAt,
  });
  const event = buildChargeEvent(updated, charge.status, findTodayInBrazil(next === 'paid' && paidAt ? paidAt : now));
  if (!event) return { subscription, charge: updated, moved: true, subscriptionChanged: false, refundChargeIds: [] };
  const stored = await storeSubscriptionEvent(transaction, subscription, event, now);
  // The gateway's facts are never refused by the state machine.
  if (!stored.ok) throw new Error(`the state machine refused a charge's outcome: ${stored.refusal.code}`);
  const settlement = {
    subscription: stored.subscription,
    charge: updated,
    moved: true,
    subscriptionChanged: stored.changed,
    refundChargeIds: stored.refundChargeIds,
  };
  if (isRenewalFailureNews(settlement)) await notifyRenewalFailure(transaction, settlement);
  return settlement;
}

/** The bell's side of a failed renewal; its e-mail is emailRenewalFailure's, sent once the settlement commits. */
async function notifyRenewalFailure(transaction: Transaction, settlement: Settlement): Promise<void> {
  const suspended = settlement.subscription.status === 'suspended';
  await raiseNotification(transaction, {
    userId: settlement.subscription.clientUserId,
    eventKey: `charge:${settlement.charge.id}:failed`,
    kind: 'notice',
    title: suspended ? 'Assinatura suspensa' : 'Cobrança não aprovada',
    body: suspended
      ? `A cobrança de ${formatCents(settlement.charge.amountCents)} não foi aprovada e sua assinatura foi suspensa. Cadastre outro cartão para reativá-la.`
      : `A cobrança de ${formatCents(settlement.charge.amountCents)} da sua assinatura não foi aprovada. Vamos tentar de novo; se preferir, troque o cartão.`,
    screen: 'configuracao/meu-perfil/assinatura',
    sentElsewhere: ['email'],
  });
}

/** Whether the client should hear of this settlement: a renewal attempt failed and the subscription took it. */
export function isRenewalFailureNews(settlement: Settlement): boolean {
  return (
    settlement.subscriptionChanged && settlement.charge.kind === 'renewal' && settlement.charge.status === 'failed'
  );
}

/** What follows a committed settlement: refunds, and the e-mail of a failed renewal. */
export async function finishSettlement(runtime: SubscriptionRuntime, settlement: Settlement): Promise<void> {
  for (const chargeId of settlement.refundChargeIds) await refundCharge(runtime, chargeId);
  if (isRenewalFailureNews(settlement)) {
    await emailRenewalFailure(runtime, settlement.subscription, settlement.charge);
  }
}

export interface ChargeRun {
  outcome: ChargeOutcome;
  /** Null when the gateway did not answer: the row stays `sending`, to be sent again with its key. */
  settlement: Settlement | null;
}

/**
 * Sends a charge row whose key is committed and applies the answer. `resend`: it was sent before
 * (a retry, a crash's leftover), so the gateway answers the charge it made then, if it made one.
 */
export async function runCharge(
  runtime: SubscriptionRuntime,
  charge: ChargeRow,
  options: { resend: boolean },
): Promise<ChargeRun> {
  let outcome = await sendCharge(runtime, charge);
  if (
    outcome.type === 'refused' &&
    options.resend &&
    Date.now() - charge.createdAt.getTime() < resendPatienceMilliseconds
  ) {
    outcome = { type: 'unavailable' };
  }
  if (outcome.type === 'unavailable') return { outcome, settlement: null };
  const answered = outcome;
  const settlement = await runtime.deps.db.transaction((transaction) =>
    settleChargeInTransaction(transaction, charge.id, answered, new Date()),
  );
  await finishSettlement(runtime, settlement);
  return { outcome, settlement };
}

/** Gives back a charge the state machine marked: refunded at the gateway, then recorded. Retried by the recovery when it fails. */
export async function refundCharge(runtime: SubscriptionRuntime, chargeId: number): Promise<void> {
  const { db } = runtime.deps;
  const charge = await findCharge(db, chargeId);
  if (!charge?.refundRequestedAt || charge.refundedAt) return;
  if (charge.gatewayChargeId !== null) {
    const { gateway, account } = await openGateway(runtime, charge.organizationId);
    if (account.provider !== charge.provider) {
      runtime.log.error({ charge: charge.id }, 'refund left: the organization changed gateways');
      return;
    }
    try {
      await gateway.cancelCharge(charge.gatewayChargeId);
    } catch (error) {
      if (!(error instanceof CardGatewayError)) throw error;
      runtime.log.error({ charge: charge.id, kind: error.kind, error: error.gatewayMessage }, 'refund not made yet');
      return;
    }
  }
  await db.transaction(async (transaction) => {
    await lockSubscription(transaction, charge.subscriptionId);
    await updateCharge(transaction, charge.id, { status: 'canceled', refundedAt: new Date() });
  });
  runtime.log.info({ charge: charge.id, subscription: charge.subscriptionId }, 'subscription charge refunded');
}

/** Reads a charge still processing from the gateway (its webhook may be lost) and applies what it says. */
async function checkProcessingCharge(runtime: SubscriptionRuntime, charge: ChargeRow): Promise<void> {
  if (charge.gatewayChargeId === null) return;
  const { gateway, account } = await openGateway(runtime, charge.organizationId);
  if (account.provider !== charge.provider) return;
  let answered: CardCharge;
  try {
    answered = await gateway.readCharge(charge.gatewayChargeId);
  } catch (error) {
    if (!(error instanceof CardGatewayError)) throw error;
    runtime.log.error({ charge: charge.id, kind: error.kind }, 'processing charge not read');
    return;
  }
  if (answered.status === 'processing') return;
  const settlement = await runtime.deps.db.transaction((transaction) =>
    settleChargeInTransaction(transaction, charge.id, { type: 'answered', charge: answered }, new Date()),
  );
  await finishSettlement(runtime, settlement);
}

/**
 * Finishes what crashes and lost webhooks left: charges committed and sent without a recorded
 * answer (sent again with the same key, so the gateway answers the charge it made, or makes it
 * once), charges processing for long (read back), refunds asked and not made. Answers how many
 * charges it looked at.
 */
export async function recoverUnfinishedCharges(runtime: SubscriptionRuntime, now: Date): Promise<number> {
  const charges = await findChargesToRecover(
    runtime.deps.db,
    new Date(now.getTime() - unansweredChargeMilliseconds),
    new Date(now.getTime() - processingCheckMilliseconds),
  );
  for (const charge of charges) {
    try {
      if (charge.status === 'sending') await runCharge(runtime, charge, { resend: true });
      else if (charge.status === 'processing') await checkProcessingCharge(runtime, charge);
      if (charge.refundRequestedAt && !charge.refundedAt) await refundCharge(runtime, charge.id);
    } catch (error) {
      runtime.log.error({ charge: charge.id, error: (error as Error).message }, 'unfinished charge not recovered');
    }
  }
  return charges.length;
}
