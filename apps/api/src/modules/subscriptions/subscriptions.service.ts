import type { CurrentPlan, CurrentSubscription, Subscription } from '@prumo/contract/subscriptions';
import { validationMessages } from '@prumo/domain/account/messages';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { gatewayErrorMessages } from '@prumo/domain/payments/gateway-errors';
import { findPlanCode } from '@prumo/domain/payments/plan-rules';
import {
  type AcceptSubscriptionInput,
  computePeriodChargeCents,
  type SubscriptionAddress,
  type SubscriptionCardInput,
  subscriptionMessages,
} from '@prumo/domain/payments/subscription-schemas';
import {
  checkSubscriptionAction,
  createPendingSubscription,
  describeSubscriptionDates,
  hasPlanAccess,
  isReactivationChargeRequired,
  type SubscriptionStatus,
} from '@prumo/domain/payments/subscription-states';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/database';
import { fail, failConflict, failNotFound, failOnField, failOnFields } from '../../lib/domain-errors';
import { buildPage, type Page, type PageQuery } from '../../lib/pagination';
import { buildCallerScope, type ClientScope, resolveNamedClientScope, type Scope } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';
import { type CardOwner, resolveCardChoice } from './saved-cards.service';
import { type ChargeRun, openGateway, runCharge, type SubscriptionRuntime } from './subscription-charges';
import { subscriptionRenewalsJob } from './subscription-jobs';
import { readSnapshot, type StoredEvent, storeSubscriptionEvent } from './subscription-transitions';
import { presentSubscription, presentSubscriptions } from './subscription-views';
import {
  type ChargeRow,
  countCharges,
  findOpenSubscription,
  findOpenSubscriptionForUpdate,
  findOpenSubscriptionsWithPlans,
  findPlanOfOrganization,
  findScopedSubscription,
  findScopedSubscriptionForUpdate,
  findSubscriptionsPage,
  findUnsentCharge,
  holdClient,
  insertCharge,
  insertSubscription,
  releasePaymentLease,
  type SubscriptionFilters,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repo';

/** A person's payment (accept, reactivate) holds the subscription this long at most: a second one meanwhile is refused. */
const paymentLeaseMilliseconds = 2 * 60_000;

function readToday(): string {
  return findTodayInBrazil(new Date());
}

function isPaymentInProgress(row: SubscriptionRow, now: Date): boolean {
  return row.paymentStartedAt !== null && now.getTime() - row.paymentStartedAt.getTime() < paymentLeaseMilliseconds;
}

/** A canceled subscription whose paid period is over no longer counts: a new plan may be proposed. */
function hasEnded(row: SubscriptionRow, today: string): boolean {
  return row.status === 'canceled' && !hasPlanAccess(readSnapshot(row), today);
}

function failRefused(stored: StoredEvent): asserts stored is Extract<StoredEvent, { ok: true }> {
  if (!stored.ok) failConflict(stored.refusal.message);
}

/**
 * A proposal still waiting for its answer (pending, or failed and payable again) is accepted only
 * while its plan is offered: a plan the organization switched off since is not taken up any more.
 * Subscriptions already accepted keep their plan.
 */
async function failIfPlanWithdrawn(executor: Database | Transaction, row: SubscriptionRow): Promise<void> {
  if (row.status !== 'pending' && row.status !== 'failed') return;
  const plan = await findPlanOfOrganization(executor, row.organizationId, row.planId);
  if (!plan?.isActive) failConflict(subscriptionMessages.planInactive);
}

// ——— Proposals ———

/**
 * POST payment/subscriptions/: a client subscribes to a plan, or their planner (or a manager)
 * proposes one for the client `clientId` names. A pending or failed proposal the client has not
 * answered is replaced (rejected); any other subscription that has not ended is in the way (409).
 */
export async function proposeSubscription(
  deps: { db: Database },
  caller: Caller,
  namedClientId: number | null,
  planId: number,
): Promise<Subscription> {
  let clientUserId = caller.userId;
  if (caller.role !== 'client') {
    if (namedClientId === null) failOnField('clientId', validationMessages.required);
    clientUserId = (await resolveNamedClientScope(deps.db, caller, namedClientId, 'read')).clientUserId;
  }
  const plan = await findPlanOfOrganization(deps.db, caller.organizationId, planId);
  if (!plan) failNotFound(subscriptionMessages.planNotFound);
  if (!plan.isActive) failOnField('plan', subscriptionMessages.planInactive);
  const now = new Date();
  const today = findTodayInBrazil(now);
  const created = await deps.db.transaction(async (transaction) => {
    await holdClient(transaction, caller.organizationId, clientUserId);
    const open = await findOpenSubscriptionForUpdate(transaction, caller.organizationId, clientUserId);
    if (open) await endForNewProposal(transaction, open, now, today);
    const snapshot = createPendingSubscription({
      billing: plan.type === 'platform' ? 'free' : 'card',
      payday: plan.payday,
    });
    return insertSubscription(transaction, {
      organizationId: caller.organizationId,
      clientUserId,
      planId: plan.id,
      proposedByUserId: caller.userId,
      planType: plan.type,
      platformAmountCents: plan.platformAmountCents,
      serviceAmountCents: plan.serviceAmountCents,
      recurrentAmountCents: plan.recurrentAmountCents,
      serviceMonths: plan.serviceMonths,
      status: snapshot.status,
      billing: snapshot.billing,
      payday: snapshot.payday,
      failedAttempts: 0,
    });
  });
  return presentSubscription(deps.db, created);
}

async function endForNewProposal(transaction: Transaction, open: SubscriptionRow, now: Date, today: string) {
  if (open.status === 'pending' || open.status === 'failed') {
    if (isPaymentInProgress(open, now) || (await findUnsentCharge(transaction, open.id, 'first'))) {
      failConflict(subscriptionMessages.paymentInProgress);
    }
    failRefused(await storeSubscriptionEvent(transaction, open, { type: 'reject', on: today }, now));
    return;
  }
  if (hasEnded(open, today)) {
    await updateSubscription(transaction, open.id, { endedAt: now });
    return;
  }
  failConflict(subscriptionMessages.openSubscription);
}

// ——— Reading ———

export interface SubscriptionListQuery extends PageQuery {
  status?: SubscriptionStatus;
  plan?: number;
  client?: number;
}

/** A client's own subscriptions; a planner's clients'; a manager's organization's. Newest first. */
export async function listSubscriptions(
  deps: { db: Database },
  caller: Caller,
  request: FastifyRequest,
  query: SubscriptionListQuery,
): Promise<Page<Subscription>> {
  const filters: SubscriptionFilters = {
    status: query.status,
    planId: query.plan,
    clientUserId: caller.role === 'client' ? undefined : query.client,
  };
  const { count, rows } = await findSubscriptionsPage(deps.db, buildCallerScope(caller), filters, query);
  return buildPage(request, query, count, await presentSubscriptions(deps.db, rows));
}

export async function findSubscription(
  deps: { db: Database },
  caller: Caller,
  subscriptionId: number,
): Promise<Subscription> {
  const row = await findScopedSubscription(deps.db, buildCallerScope(caller), subscriptionId);
  if (!row) failNotFound(subscriptionMessages.notFound);
  return presentSubscription(deps.db, row);
}

// ——— The client's answer: accept, pay, reject ———

function readOwner(scope: Scope): CardOwner {
  return { organizationId: scope.organizationId, clientUserId: scope.caller.userId };
}

/** A card plan's acceptance needs the billing address, the CPF and one card; all missing fields are told at once. */
function checkCardPlanInput(input: AcceptSubscriptionInput): {
  address: SubscriptionAddress;
  cpf: string;
  card: SubscriptionCardInput;
} {
  const faults: Record<string, string[]> = {};
  if (!input.address) faults.address = [validationMessages.required];
  if (!input.cpf) faults.cpf = [validationMessages.cpfRequired];
  if (input.card_token === undefined && input.creditCard === undefined) {
    faults.card_token = [subscriptionMessages.cardRequired];
  }
  if (input.card_token !== undefined && input.creditCard !== undefined) {
    faults.card_token = [subscriptionMessages.oneCardOnly];
  }
  if (Object.keys(faults).length > 0) failOnFields(faults);
  return {
    address: input.address as SubscriptionAddress,
    cpf: input.cpf as string,
    card: { card_token: input.card_token, creditCard: input.creditCard },
  };
}

/**
 * POST payment/subscriptions/{id}/accept/. `accepts: false` rejects. A platform plan becomes
 * active with no charge. A card plan saves the card (or takes a saved one) and makes the first
 * charge: active when paid, processing while the gateway settles it, failed (402) when declined.
 */
export async function acceptSubscription(
  runtime: SubscriptionRuntime,
  caller: Caller,
  subscriptionId: number,
  input: AcceptSubscriptionInput,
): Promise<Subscription> {
  if (!input.accepts) return rejectSubscription(runtime, caller, subscriptionId);
  const { db } = runtime.deps;
  const scope = buildCallerScope(caller);
  const found = await findScopedSubscription(db, scope, subscriptionId);
  if (!found) failNotFound(subscriptionMessages.notFound);
  if (found.billing === 'free') {
    const now = new Date();
    const stored = await db.transaction(async (transaction) => {
      const row = await findScopedSubscriptionForUpdate(transaction, scope, subscriptionId);
      if (!row) failNotFound(subscriptionMessages.notFound);
      await failIfPlanWithdrawn(transaction, row);
      return storeSubscriptionEvent(transaction, row, { type: 'accept_free', on: findTodayInBrazil(now) }, now);
    });
    failRefused(stored);
    return presentSubscription(db, stored.subscription);
  }
  const payment = checkCardPlanInput(input);
  return payForSubscription(runtime, scope, subscriptionId, {
    kind: 'first',
    card: payment.card,
    cpf: payment.cpf,
    address: payment.address,
  });
}

interface PaymentRequest {
  kind: 'first' | 'reactivation';
  card: SubscriptionCardInput;
  cpf?: string;
  address?: SubscriptionAddress;
}

/** Why a person's payment may not start now, or null. */
function checkPaymentStart(row: SubscriptionRow, kind: PaymentRequest['kind'], today: string) {
  const snapshot = readSnapshot(row);
  if (kind === 'first') return checkSubscriptionAction(snapshot, 'pay');
  const refusal = checkSubscriptionAction(snapshot, 'reactivate');
  if (refusal) return refusal;
  return isReactivationChargeRequired(snapshot, today) ? null : checkSubscriptionAction(snapshot, 'pay');
}

/**
 * A person's payment, safe against double clicks and crashes:
 * 1. an earlier attempt whose answer was never recorded is finished first, with its own key;
 * 2. otherwise the subscription is held for this payment (a second one meanwhile gets 409);
 * 3. the card is saved, then the charge row with its idempotency key is committed;
 * 4. only then is the gateway called, and its answer applied through the state machine.
 */
async function payForSubscription(
  runtime: SubscriptionRuntime,
  scope: Scope,
  subscriptionId: number,
  payment: PaymentRequest,
): Promise<Subscription> {
  const { db } = runtime.deps;
  const started = new Date();
  const unsent = await db.transaction(async (transaction) => {
    const row = await findScopedSubscriptionForUpdate(transaction, scope, subscriptionId);
    if (!row) failNotFound(subscriptionMessages.notFound);
    const left = await findUnsentCharge(transaction, row.id, payment.kind);
    if (left) return left;
    const refusal = checkPaymentStart(row, payment.kind, findTodayInBrazil(started));
    if (refusal) failConflict(refusal.message);
    if (payment.kind === 'first') await failIfPlanWithdrawn(transaction, row);
    if (isPaymentInProgress(row, started)) failConflict(subscriptionMessages.paymentInProgress);
    await updateSubscription(transaction, row.id, { paymentStartedAt: started });
    return null;
  });
  if (unsent) return answerPayment(runtime, await runCharge(runtime, unsent, { resend: true }));
  try {
    const opened = await openGateway(runtime, scope.organizationId);
    const card = await resolveCardChoice(runtime, readOwner(scope), payment.card, {
      cpf: payment.cpf,
      address: payment.address,
    });
    const charge = await db.transaction(async (transaction): Promise<ChargeRow> => {
      const row = await findScopedSubscriptionForUpdate(transaction, scope, subscriptionId);
      if (!row) failNotFound(subscriptionMessages.notFound);
      const attempt = (await countCharges(transaction, row.id, { kind: payment.kind })) + 1;
      const paidPeriods = await countCharges(transaction, row.id, { status: 'paid' });
      await updateSubscription(transaction, row.id, { cardId: card.id });
      return insertCharge(transaction, {
        organizationId: row.organizationId,
        clientUserId: row.clientUserId,
        subscriptionId: row.id,
        kind: payment.kind,
        dueDate: findTodayInBrazil(new Date()),
        attempt,
        idempotencyKey: `subscription-${row.id}-${payment.kind}-${attempt}`,
        provider: opened.account.provider,
        cardId: card.id,
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
    });
    return await answerPayment(runtime, await runCharge(runtime, charge, { resend: false }));
  } finally {
    await releasePaymentLease(db, subscriptionId);
  }
}

/** 200 with the subscription when paid or processing; 402 with the reason when declined; 503 without an answer. */
async function answerPayment(runtime: SubscriptionRuntime, run: ChargeRun): Promise<Subscription> {
  if (!run.settlement) fail('unavailable', subscriptionMessages.gatewayUnavailable);
  const { charge, subscription } = run.settlement;
  if (charge.status === 'failed') fail('paymentDeclined', charge.failureMessage ?? gatewayErrorMessages.unknown);
  return presentSubscription(runtime.deps.db, subscription);
}

/** POST payment/subscriptions/{id}/reject/ (and accept with `accepts: false`): the client declines the proposal. */
export async function rejectSubscription(
  runtime: { deps: { db: Database } },
  caller: Caller,
  subscriptionId: number,
): Promise<Subscription> {
  const { db } = runtime.deps;
  const now = new Date();
  const stored = await db.transaction(async (transaction) => {
    const row = await findScopedSubscriptionForUpdate(transaction, buildCallerScope(caller), subscriptionId);
    if (!row) failNotFound(subscriptionMessages.notFound);
    if (isPaymentInProgress(row, now) || (await findUnsentCharge(transaction, row.id, 'first'))) {
      failConflict(subscriptionMessages.paymentInProgress);
    }
    return storeSubscriptionEvent(transaction, row, { type: 'reject', on: findTodayInBrazil(now) }, now);
  });
  failRefused(stored);
  return presentSubscription(db, stored.subscription);
}

// ——— Card, cancel, reactivate ———

/**
 * PUT payment/subscriptions/{id}/card/: the card charged from now on. A past-due subscription's
 * waiting retry is made at once with the new card (the state machine's next attempt).
 */
export async function changeSubscriptionCard(
  runtime: SubscriptionRuntime,
  caller: Caller,
  subscriptionId: number,
  input: SubscriptionCardInput,
): Promise<Subscription> {
  const { db } = runtime.deps;
  const scope = buildCallerScope(caller);
  const found = await findScopedSubscription(db, scope, subscriptionId);
  if (!found) failNotFound(subscriptionMessages.notFound);
  const refusal = checkSubscriptionAction(readSnapshot(found), 'change_card');
  if (refusal) failConflict(refusal.message);
  const card = await resolveCardChoice(runtime, readOwner(scope), input);
  const now = new Date();
  const stored = await db.transaction(async (transaction) => {
    const row = await findScopedSubscriptionForUpdate(transaction, scope, subscriptionId);
    if (!row) failNotFound(subscriptionMessages.notFound);
    const changed = await storeSubscriptionEvent(
      transaction,
      row,
      { type: 'card_changed', on: findTodayInBrazil(now) },
      now,
    );
    if (!changed.ok) return changed;
    return { ...changed, subscription: await updateSubscription(transaction, row.id, { cardId: card.id }) };
  });
  failRefused(stored);
  const { scheduledOn } = stored.subscription;
  if (scheduledOn !== null && scheduledOn <= findTodayInBrazil(now)) {
    await runtime.jobs.send(subscriptionRenewalsJob, { subscriptionId });
  }
  return presentSubscription(db, stored.subscription);
}

/**
 * Cancels the client's subscription (the client, their planner or a manager): a paid-up one stays
 * usable until its period ends, an unpaid or free one ends today; scheduled charges stop.
 */
async function cancelSubscriptionOfClient(db: Database, organizationId: number, clientUserId: number) {
  const now = new Date();
  const stored = await db.transaction(async (transaction) => {
    const row = await findOpenSubscriptionForUpdate(transaction, organizationId, clientUserId);
    if (!row) failNotFound(subscriptionMessages.notFound);
    if (isPaymentInProgress(row, now)) failConflict(subscriptionMessages.paymentInProgress);
    return storeSubscriptionEvent(transaction, row, { type: 'cancel', on: findTodayInBrazil(now) }, now);
  });
  failRefused(stored);
}

/** POST client/cancel-subscription/: the client's own. */
export async function cancelOwnSubscription(deps: { db: Database }, caller: Caller): Promise<{ detail: string }> {
  await cancelSubscriptionOfClient(deps.db, caller.organizationId, caller.userId);
  return { detail: subscriptionMessages.canceled };
}

/** POST profiles/clients/cancel-subscription/ `{client}`: a planner's client, or any client of a manager's organization. */
export async function cancelClientSubscription(
  deps: { db: Database },
  caller: Caller,
  clientUserId: number,
): Promise<{ detail: string }> {
  const scope: ClientScope = await resolveNamedClientScope(deps.db, caller, clientUserId, 'read');
  await cancelSubscriptionOfClient(deps.db, scope.organizationId, scope.clientUserId);
  return { detail: subscriptionMessages.canceled };
}

/**
 * POST subscription/reactivate/: a canceled subscription inside its paid period resumes with no
 * charge; a suspended one, or a canceled one past its period, is charged first (the subscription's
 * card, or the one the body names) and starts a new period when paid.
 */
export async function reactivateSubscription(
  runtime: SubscriptionRuntime,
  caller: Caller,
  input: SubscriptionCardInput,
): Promise<Subscription> {
  const { db } = runtime.deps;
  const found = await findOpenSubscription(db, caller.organizationId, caller.userId);
  if (!found) failNotFound(subscriptionMessages.notFound);
  const snapshot = readSnapshot(found);
  const refusal = checkSubscriptionAction(snapshot, 'reactivate');
  if (refusal) failConflict(refusal.message);
  const scope = buildCallerScope(caller);
  const namesCard = input.card_token !== undefined || input.creditCard !== undefined;
  if (isReactivationChargeRequired(snapshot, readToday())) {
    if (!namesCard && found.cardId === null) failOnField('card_token', subscriptionMessages.cardRequired);
    return payForSubscription(runtime, scope, found.id, {
      kind: 'reactivation',
      card: namesCard ? input : { creditCard: found.cardId as number },
    });
  }
  const card = namesCard ? await resolveCardChoice(runtime, readOwner(scope), input) : null;
  const now = new Date();
  const stored = await db.transaction(async (transaction) => {
    const row = await findScopedSubscriptionForUpdate(transaction, scope, found.id);
    if (!row) failNotFound(subscriptionMessages.notFound);
    const reactivated = await storeSubscriptionEvent(
      transaction,
      row,
      { type: 'reactivate', on: findTodayInBrazil(now) },
      now,
    );
    if (!reactivated.ok || !card) return reactivated;
    return { ...reactivated, subscription: await updateSubscription(transaction, row.id, { cardId: card.id }) };
  });
  failRefused(stored);
  return presentSubscription(db, stored.subscription);
}

// ——— What other modules show ———

export interface ClientSubscriptionSummary {
  current_subscription: CurrentSubscription | null;
  has_pending_subscription: boolean;
  has_pending_credit_card: boolean;
}

const inEffectStatuses: ReadonlySet<string> = new Set(['processing', 'active', 'past_due', 'suspended']);

/**
 * me/'s subscription fields for a client: the subscription in effect (a proposal is not one yet),
 * whether a proposal waits for their answer (pending, or failed and payable with another card), and
 * whether a card is needed (a renewal failed on it, or a card plan has none).
 */
export async function describeClientSubscription(db: Database, caller: Caller): Promise<ClientSubscriptionSummary> {
  const none = { current_subscription: null, has_pending_subscription: false, has_pending_credit_card: false };
  if (caller.role !== 'client') return none;
  const [open] = await findOpenSubscriptionsWithPlans(db, caller.organizationId, [caller.userId]);
  if (!open) return none;
  const { subscription: row, planName } = open;
  const snapshot = readSnapshot(row);
  const today = readToday();
  const inEffect = inEffectStatuses.has(row.status) || (row.status === 'canceled' && hasPlanAccess(snapshot, today));
  return {
    current_subscription: inEffect
      ? {
          id: row.id,
          status: snapshot.status,
          plan_code: findPlanCode(row.planType),
          plan_name: planName,
          ...describeSubscriptionDates(snapshot),
        }
      : null,
    has_pending_subscription: row.status === 'pending' || row.status === 'failed',
    has_pending_credit_card:
      row.status === 'past_due' ||
      row.status === 'suspended' ||
      (row.status === 'active' && row.billing === 'card' && row.cardId === null),
  };
}

/** Each client's not-ended subscription (a proposal too; a canceled one past its period no more) as the client lists show it. */
export async function findCurrentPlans(
  db: Database,
  organizationId: number,
  clientUserIds: number[],
): Promise<Map<number, CurrentPlan>> {
  const today = readToday();
  const rows = await findOpenSubscriptionsWithPlans(db, organizationId, clientUserIds);
  return new Map(
    rows
      .filter(({ subscription }) => !hasEnded(subscription, today))
      .map(({ subscription, planName }) => [
        subscription.clientUserId,
        {
          id: subscription.planId,
          name: planName,
          plan_code: findPlanCode(subscription.planType),
          status: readSnapshot(subscription).status,
        },
      ]),
  );
}
