import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/database';
import { gatewayCustomers, plans, savedCards, subscriptionCharges, subscriptions, users } from '../../db/schema';
import type { PageQuery } from '../../lib/pagination';
import { buildClientOwnedWhere, type Scope } from '../../lib/scope';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = typeof subscriptions.$inferInsert;
export type ChargeRow = typeof subscriptionCharges.$inferSelect;
export type ChargeValues = typeof subscriptionCharges.$inferInsert;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type CustomerRow = typeof gatewayCustomers.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

type Executor = Database | Transaction;

/** Which gateway account a customer or card belongs to: cards saved on another account cannot be charged here. */
export interface GatewayAccount {
  provider: string;
  account: string;
}

// ——— Plans and clients ———

export async function findPlanOfOrganization(
  db: Executor,
  organizationId: number,
  planId: number,
): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId)));
  return row ?? null;
}

/** The client's user row, held until the transaction ends: two proposals for one client are made in turn. */
export async function holdClient(transaction: Transaction, organizationId: number, clientUserId: number) {
  await transaction
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, clientUserId), eq(users.organizationId, organizationId)))
    .for('no key update');
}

export async function findClientUser(db: Executor, organizationId: number, clientUserId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      cpf: users.cpf,
    })
    .from(users)
    .where(and(eq(users.id, clientUserId), eq(users.organizationId, organizationId)));
  return row ?? null;
}

// ——— Subscriptions ———

/** The client's subscription that has not ended (at most one: a partial unique index), held for the transaction. */
export async function findOpenSubscriptionForUpdate(
  transaction: Transaction,
  organizationId: number,
  clientUserId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await transaction
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        eq(subscriptions.clientUserId, clientUserId),
        isNull(subscriptions.endedAt),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findOpenSubscription(
  db: Executor,
  organizationId: number,
  clientUserId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        eq(subscriptions.clientUserId, clientUserId),
        isNull(subscriptions.endedAt),
      ),
    );
  return row ?? null;
}

export async function insertSubscription(
  transaction: Transaction,
  values: SubscriptionValues,
): Promise<SubscriptionRow> {
  const [row] = await transaction.insert(subscriptions).values(values).returning();
  if (!row) throw new Error('INSERT … RETURNING gave no row for a new subscription');
  return row;
}

export async function updateSubscription(
  transaction: Transaction,
  subscriptionId: number,
  changes: Partial<SubscriptionValues>,
): Promise<SubscriptionRow> {
  const [row] = await transaction
    .update(subscriptions)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, subscriptionId))
    .returning();
  if (!row) throw new Error('UPDATE … RETURNING gave no row for a subscription held in the transaction');
  return row;
}

/** A subscription within the scope, held until the transaction ends (one event at a time). */
export async function findScopedSubscriptionForUpdate(
  transaction: Transaction,
  scope: Scope,
  subscriptionId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await transaction
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), buildClientOwnedWhere(subscriptions, scope)))
    .for('update');
  return row ?? null;
}

/** For jobs, which act for the schedule rather than a caller. */
export async function findSubscriptionById(db: Executor, subscriptionId: number): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  return row ?? null;
}

/** For jobs and webhooks, which act for the gateway rather than a caller. */
export async function lockSubscription(transaction: Transaction, subscriptionId: number): Promise<SubscriptionRow> {
  const [row] = await transaction
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId))
    .for('update');
  if (!row) throw new Error(`subscription ${subscriptionId} is gone`);
  return row;
}

export async function findScopedSubscription(
  db: Executor,
  scope: Scope,
  subscriptionId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), buildClientOwnedWhere(subscriptions, scope)));
  return row ?? null;
}

export interface SubscriptionFilters {
  status?: string;
  planId?: number;
  clientUserId?: number;
}

export async function findSubscriptionsPage(
  db: Database,
  scope: Scope,
  filters: SubscriptionFilters,
  page: PageQuery,
): Promise<{ count: number; rows: SubscriptionRow[] }> {
  const where = and(
    buildClientOwnedWhere(subscriptions, scope),
    filters.status ? eq(subscriptions.status, filters.status) : undefined,
    filters.planId ? eq(subscriptions.planId, filters.planId) : undefined,
    filters.clientUserId ? eq(subscriptions.clientUserId, filters.clientUserId) : undefined,
  ) as SQL;
  const rows = await db
    .select()
    .from(subscriptions)
    .where(where)
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ total: count() }).from(subscriptions).where(where);
  return { count: total?.total ?? 0, rows };
}

/** Card subscriptions whose scheduled charge is due on `today` (or was due and not made yet). */
export async function findDueSubscriptionIds(db: Database, today: string, onlyId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.scheduledOn),
        lte(subscriptions.scheduledOn, today),
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.billing, 'card'),
        isNull(subscriptions.endedAt),
        onlyId === undefined ? undefined : eq(subscriptions.id, onlyId),
      ),
    )
    .orderBy(subscriptions.scheduledOn, subscriptions.id);
  return rows.map((row) => row.id);
}

/**
 * Card subscriptions whose next period's first charge falls due from `from` to `to` (days): the
 * renewals a client hears of beforehand. A retry (attempt 2 on) or a canceled one (no charge
 * scheduled) is not among them.
 */
export async function findUpcomingRenewals(db: Database, from: string, to: string) {
  return db
    .select({
      id: subscriptions.id,
      clientUserId: subscriptions.clientUserId,
      dueDate: subscriptions.scheduledDueDate,
      planName: plans.name,
      platformAmountCents: subscriptions.platformAmountCents,
      serviceAmountCents: subscriptions.serviceAmountCents,
      recurrentAmountCents: subscriptions.recurrentAmountCents,
      serviceMonths: subscriptions.serviceMonths,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.billing, 'card'),
        isNull(subscriptions.endedAt),
        eq(subscriptions.scheduledAttempt, 1),
        gte(subscriptions.scheduledDueDate, from),
        lte(subscriptions.scheduledDueDate, to),
      ),
    )
    .orderBy(subscriptions.id);
}

/** What a page of subscriptions shows beside their rows: plans, clients, cards and charges. */
export async function findSubscriptionParts(db: Executor, rows: SubscriptionRow[]) {
  const planIds = [...new Set(rows.map((row) => row.planId))];
  const clientIds = [...new Set(rows.map((row) => row.clientUserId))];
  const cardIds = [...new Set(rows.flatMap((row) => (row.cardId === null ? [] : [row.cardId])))];
  const subscriptionIds = rows.map((row) => row.id);
  if (subscriptionIds.length === 0) return { plans: [], clients: [], cards: [], charges: [] };
  const [planRows, clientRows, cardRows, chargeRows] = await Promise.all([
    db.select().from(plans).where(inArray(plans.id, planIds)),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, clientIds)),
    cardIds.length ? db.select().from(savedCards).where(inArray(savedCards.id, cardIds)) : Promise.resolve([]),
    db
      .select({
        charge: subscriptionCharges,
        cardBrand: savedCards.brand,
        cardLastFourDigits: savedCards.lastFourDigits,
      })
      .from(subscriptionCharges)
      .leftJoin(savedCards, eq(savedCards.id, subscriptionCharges.cardId))
      .where(inArray(subscriptionCharges.subscriptionId, subscriptionIds))
      .orderBy(desc(subscriptionCharges.createdAt), desc(subscriptionCharges.id)),
  ]);
  return { plans: planRows, clients: clientRows, cards: cardRows, charges: chargeRows };
}

/** The not-ended subscriptions of these clients with their plans' names (the client lists' `current_plan`). */
export async function findOpenSubscriptionsWithPlans(db: Executor, organizationId: number, clientUserIds: number[]) {
  if (clientUserIds.length === 0) return [];
  return db
    .select({ subscription: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        inArray(subscriptions.clientUserId, clientUserIds),
        isNull(subscriptions.endedAt),
      ),
    );
}

// ——— Charges ———

/** A charge row, or the one already written with the same idempotency key. */
export async function insertCharge(transaction: Transaction, values: ChargeValues): Promise<ChargeRow> {
  // The app's clock, as every comparison of these times is made with it (the recovery's "sent long ago").
  const now = new Date();
  const [created] = await transaction
    .insert(subscriptionCharges)
    .values({ createdAt: now, updatedAt: now, ...values })
    .onConflictDoNothing({ target: subscriptionCharges.idempotencyKey })
    .returning();
  if (created) return created;
  const existing = await findChargeByKey(transaction, values.idempotencyKey);
  if (!existing) throw new Error('a charge key taken by no row');
  return existing;
}

export async function findChargeByKey(db: Executor, idempotencyKey: string): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function findCharge(db: Executor, chargeId: number): Promise<ChargeRow | null> {
  const [row] = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, chargeId));
  return row ?? null;
}

export async function lockCharge(transaction: Transaction, chargeId: number): Promise<ChargeRow> {
  const [row] = await transaction
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.id, chargeId))
    .for('update');
  if (!row) throw new Error(`charge ${chargeId} is gone`);
  return row;
}

export async function findChargeByGatewayId(
  db: Executor,
  provider: string,
  gatewayChargeId: string,
): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.provider, provider), eq(subscriptionCharges.gatewayChargeId, gatewayChargeId)));
  return row ?? null;
}

/** A charge of this kind committed and sent, but whose answer was never recorded (a crash, a timeout). */
export async function findUnsentCharge(
  db: Executor,
  subscriptionId: number,
  kind: ChargeRow['kind'],
): Promise<ChargeRow | null> {
  const [row] = await db
    .select()
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(subscriptionCharges.kind, kind),
        eq(subscriptionCharges.status, 'sending'),
      ),
    )
    .orderBy(desc(subscriptionCharges.id))
    .limit(1);
  return row ?? null;
}

export async function countCharges(
  db: Executor,
  subscriptionId: number,
  condition: { kind?: string; status?: string },
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptionCharges)
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        condition.kind ? eq(subscriptionCharges.kind, condition.kind) : undefined,
        condition.status ? eq(subscriptionCharges.status, condition.status) : undefined,
      ),
    );
  return row?.total ?? 0;
}

export async function updateCharge(
  transaction: Transaction,
  chargeId: number,
  changes: Partial<ChargeValues>,
): Promise<ChargeRow> {
  const [row] = await transaction
    .update(subscriptionCharges)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(subscriptionCharges.id, chargeId))
    .returning();
  if (!row) throw new Error('UPDATE … RETURNING gave no row for a charge held in the transaction');
  return row;
}

/** Marks a charge to be given back; true when it was not marked yet. */
export async function requestRefund(transaction: Transaction, chargeId: number): Promise<boolean> {
  const marked = await transaction
    .update(subscriptionCharges)
    .set({ refundRequestedAt: new Date() })
    .where(and(eq(subscriptionCharges.id, chargeId), isNull(subscriptionCharges.refundRequestedAt)))
    .returning({ id: subscriptionCharges.id });
  return marked.length > 0;
}

/** Charges a crash or a lost webhook left unfinished: sent without an answer, processing for long, refunds asked and not done. */
export async function findChargesToRecover(db: Database, sentBefore: Date, processingBefore: Date) {
  return db
    .select()
    .from(subscriptionCharges)
    .where(
      sql`(${subscriptionCharges.status} = 'sending' and ${subscriptionCharges.updatedAt} < ${sentBefore.toISOString()})
        or (${subscriptionCharges.status} = 'processing' and ${subscriptionCharges.updatedAt} < ${processingBefore.toISOString()})
        or (${subscriptionCharges.refundRequestedAt} is not null and ${subscriptionCharges.refundedAt} is null)`,
    )
    .orderBy(subscriptionCharges.id)
    .limit(500);
}

// ——— Gateway customers and saved cards ———

export async function findCustomer(
  db: Executor,
  clientUserId: number,
  account: GatewayAccount,
): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(gatewayCustomers)
    .where(
      and(
        eq(gatewayCustomers.clientUserId, clientUserId),
        eq(gatewayCustomers.provider, account.provider),
        eq(gatewayCustomers.gatewayAccount, account.account),
      ),
    );
  return row ?? null;
}

/** Keeps a customer the gateway made; when another call made one first, that one stays and is answered. */
export async function insertCustomer(
  db: Database,
  values: { organizationId: number; clientUserId: number; gatewayCustomerId: string } & GatewayAccount,
): Promise<CustomerRow> {
  await db
    .insert(gatewayCustomers)
    .values({
      organizationId: values.organizationId,
      clientUserId: values.clientUserId,
      provider: values.provider,
      gatewayAccount: values.account,
      gatewayCustomerId: values.gatewayCustomerId,
    })
    .onConflictDoNothing();
  const row = await findCustomer(db, values.clientUserId, values);
  if (!row) throw new Error('no gateway customer after writing one');
  return row;
}

export async function insertSavedCard(db: Database, values: typeof savedCards.$inferInsert): Promise<SavedCardRow> {
  await db.insert(savedCards).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.customerId, values.customerId), eq(savedCards.gatewayCardId, values.gatewayCardId)));
  if (!row) throw new Error('no saved card after writing one');
  return row;
}

function buildClientCardsWhere(organizationId: number, clientUserId: number, account: GatewayAccount): SQL {
  return and(
    eq(savedCards.organizationId, organizationId),
    eq(savedCards.clientUserId, clientUserId),
    eq(gatewayCustomers.provider, account.provider),
    eq(gatewayCustomers.gatewayAccount, account.account),
  ) as SQL;
}

/** The client's cards on the organization's current gateway account, newest first. */
export async function findSavedCards(
  db: Executor,
  organizationId: number,
  clientUserId: number,
  account: GatewayAccount,
): Promise<SavedCardRow[]> {
  const rows = await db
    .select({ card: savedCards })
    .from(savedCards)
    .innerJoin(gatewayCustomers, eq(gatewayCustomers.id, savedCards.customerId))
    .where(buildClientCardsWhere(organizationId, clientUserId, account))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
  return rows.map((row) => row.card);
}

export async function findSavedCardOfClient(
  db: Executor,
  organizationId: number,
  clientUserId: number,
  cardId: number,
  account: GatewayAccount,
): Promise<SavedCardRow | null> {
  const [row] = await db
    .select({ card: savedCards })
    .from(savedCards)
    .innerJoin(gatewayCustomers, eq(gatewayCustomers.id, savedCards.customerId))
    .where(and(eq(savedCards.id, cardId), buildClientCardsWhere(organizationId, clientUserId, account)));
  return row?.card ?? null;
}

/** A card with the customer it is saved on: what a charge names at the gateway. */
export async function findCardWithCustomer(db: Executor, cardId: number) {
  const [row] = await db
    .select({ card: savedCards, customer: gatewayCustomers })
    .from(savedCards)
    .innerJoin(gatewayCustomers, eq(gatewayCustomers.id, savedCards.customerId))
    .where(eq(savedCards.id, cardId));
  return row ?? null;
}

/** What an order's item is called at the gateway: the plan's name. */
export async function findPlanNameOfSubscription(db: Executor, subscriptionId: number): Promise<string> {
  const [row] = await db
    .select({ name: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.id, subscriptionId));
  return row?.name ?? 'Assinatura';
}

/** Ends a person's payment in progress (accept, reactivate), whatever its outcome. */
export async function releasePaymentLease(db: Database, subscriptionId: number): Promise<void> {
  await db.update(subscriptions).set({ paymentStartedAt: null }).where(eq(subscriptions.id, subscriptionId));
}

/**
 * Condition for a clients' list: the client (`clientUserIdColumn`) has a not-ended subscription to
 * the plan, not a canceled one whose paid period is over by `today`.
 */
export function buildClientOnPlanWhere(planId: number, clientUserIdColumn: PgColumn, today: string): SQL {
  return sql`exists (select 1 from ${subscriptions} where ${subscriptions.clientUserId} = ${clientUserIdColumn}
    and ${subscriptions.endedAt} is null and ${subscriptions.planId} = ${planId}
    and not (${subscriptions.status} = 'canceled' and coalesce(${subscriptions.accessEndsOn} <= ${today}::date, true)))`;
}
