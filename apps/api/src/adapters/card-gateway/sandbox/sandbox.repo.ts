import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/database';
import {
  sandboxAccounts,
  sandboxCards,
  sandboxCharges,
  sandboxCustomers,
  sandboxIdempotencyKeys,
  sandboxOrders,
  sandboxTokens,
  sandboxWebhookDeliveries,
} from '../../../db/schema';

export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;
export type SandboxTokenRow = typeof sandboxTokens.$inferSelect;
export type SandboxCustomerRow = typeof sandboxCustomers.$inferSelect;
export type SandboxCardRow = typeof sandboxCards.$inferSelect;
export type SandboxOrderRow = typeof sandboxOrders.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
export type SandboxDeliveryRow = typeof sandboxWebhookDeliveries.$inferSelect;

type Reader = Database | Transaction;

function firstOrThrow<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`no ${what} written`);
  return row;
}

export async function insertAccount(db: Reader, values: typeof sandboxAccounts.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxAccounts).values(values).returning(), 'sandbox account');
}

export async function findAccountByPublicKey(db: Reader, publicKey: string) {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.publicKey, publicKey));
  return row;
}

export async function findAccountBySecretHash(db: Reader, secretKeyHash: string) {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.secretKeyHash, secretKeyHash));
  return row;
}

export async function findAccountById(db: Reader, id: string) {
  const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
  return row;
}

export async function insertToken(db: Reader, values: typeof sandboxTokens.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxTokens).values(values).returning(), 'sandbox token');
}

/**
 * Spends the account's token when it is unused and alive at `now`. The check and the update are one
 * statement, so two saves racing for one token get it once.
 */
export async function spendToken(db: Reader, accountId: string, tokenId: string, now: Date) {
  const [row] = await db
    .update(sandboxTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxTokens.id, tokenId),
        eq(sandboxTokens.accountId, accountId),
        isNull(sandboxTokens.usedAt),
        gt(sandboxTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Tokens dead for a day: nothing can use them. */
export async function deleteDeadTokens(db: Reader, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const removed = await db.delete(sandboxTokens).where(lt(sandboxTokens.expiresAt, cutoff));
  return removed.rowCount ?? 0;
}

export async function insertCustomer(db: Reader, values: typeof sandboxCustomers.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxCustomers).values(values).returning(), 'sandbox customer');
}

export async function findCustomer(db: Reader, accountId: string, customerId: string) {
  const [row] = await db
    .select()
    .from(sandboxCustomers)
    .where(and(eq(sandboxCustomers.id, customerId), eq(sandboxCustomers.accountId, accountId)));
  return row;
}

export async function insertCard(db: Reader, values: typeof sandboxCards.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxCards).values(values).returning(), 'sandbox card');
}

export async function findCard(db: Reader, accountId: string, customerId: string, cardId: string) {
  const [row] = await db
    .select()
    .from(sandboxCards)
    .where(
      and(eq(sandboxCards.id, cardId), eq(sandboxCards.customerId, customerId), eq(sandboxCards.accountId, accountId)),
    );
  return row;
}

export async function markCardDeleted(db: Reader, cardId: string, now: Date) {
  return firstOrThrow(
    await db
      .update(sandboxCards)
      .set({ status: 'deleted', deletedAt: now, updatedAt: now })
      .where(eq(sandboxCards.id, cardId))
      .returning(),
    'sandbox card',
  );
}

/**
 * Claims an idempotency key for an order about to be made. A second request with the key waits
 * here for the first one's transaction, then finds the key taken: null, and it reads that order.
 */
export async function claimIdempotencyKey(db: Transaction, accountId: string, key: string, orderId: string) {
  const [row] = await db
    .insert(sandboxIdempotencyKeys)
    .values({ accountId, key, orderId })
    .onConflictDoNothing()
    .returning();
  return row !== undefined;
}

export async function findOrderIdByIdempotencyKey(db: Reader, accountId: string, key: string) {
  const [row] = await db
    .select({ orderId: sandboxIdempotencyKeys.orderId })
    .from(sandboxIdempotencyKeys)
    .where(and(eq(sandboxIdempotencyKeys.accountId, accountId), eq(sandboxIdempotencyKeys.key, key)));
  return row?.orderId;
}

export async function insertOrder(db: Reader, values: typeof sandboxOrders.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxOrders).values(values).returning(), 'sandbox order');
}

export async function findOrder(db: Reader, accountId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(sandboxOrders)
    .where(and(eq(sandboxOrders.id, orderId), eq(sandboxOrders.accountId, accountId)));
  return row;
}

export async function insertCharge(db: Reader, values: typeof sandboxCharges.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxCharges).values(values).returning(), 'sandbox charge');
}

export async function findChargesOfOrder(db: Reader, orderId: string) {
  return db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.orderId, orderId))
    .orderBy(asc(sandboxCharges.createdAt));
}

/** The account's charge, locked for a change when asked (a settlement and a cancel never cross). */
export async function findCharge(db: Reader, accountId: string, chargeId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(sandboxCharges)
    .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.accountId, accountId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findChargeById(db: Reader, chargeId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateCharge(db: Reader, chargeId: string, values: Partial<typeof sandboxCharges.$inferInsert>) {
  return firstOrThrow(
    await db.update(sandboxCharges).set(values).where(eq(sandboxCharges.id, chargeId)).returning(),
    'sandbox charge',
  );
}

export async function insertDelivery(db: Reader, values: typeof sandboxWebhookDeliveries.$inferInsert) {
  return firstOrThrow(await db.insert(sandboxWebhookDeliveries).values(values).returning(), 'webhook delivery');
}

export async function findDelivery(db: Reader, deliveryId: string) {
  const [row] = await db.select().from(sandboxWebhookDeliveries).where(eq(sandboxWebhookDeliveries.id, deliveryId));
  return row;
}

export async function recordDeliveryAttempt(
  db: Reader,
  deliveryId: string,
  attempt: { status: number | null; delivered: boolean; now: Date },
) {
  await db
    .update(sandboxWebhookDeliveries)
    .set({
      attempts: sql`${sandboxWebhookDeliveries.attempts} + 1`,
      lastResponseStatus: attempt.status,
      ...(attempt.delivered && { deliveredAt: attempt.now }),
    })
    .where(eq(sandboxWebhookDeliveries.id, deliveryId));
}

/** A charge with its order, customer and card: what its body (and its webhooks) show. */
export async function findChargeParts(db: Reader, charge: SandboxChargeRow) {
  const [parts] = await db
    .select({ order: sandboxOrders, customer: sandboxCustomers, card: sandboxCards })
    .from(sandboxOrders)
    .innerJoin(sandboxCustomers, eq(sandboxCustomers.id, sandboxOrders.customerId))
    .innerJoin(sandboxCards, eq(sandboxCards.id, charge.cardId))
    .where(eq(sandboxOrders.id, charge.orderId));
  if (!parts) throw new Error(`charge ${charge.id} lost its order`);
  return { charge, ...parts };
}
