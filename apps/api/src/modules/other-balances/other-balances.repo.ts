import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { otherBalances, otherBalanceValues } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

export type OtherBalanceRow = typeof otherBalances.$inferSelect;

export interface BalancePoint {
  balanceCents: number;
  date: string;
}

export async function findOtherBalances(db: Database | Transaction, scope: ClientScope): Promise<OtherBalanceRow[]> {
  return db
    .select()
    .from(otherBalances)
    .where(buildClientOwnedWhere(otherBalances, scope))
    .orderBy(asc(otherBalances.id));
}

/** The balance of the scope's client, held until the transaction ends; null when out of reach. */
export async function findOtherBalanceHolding(
  db: Transaction,
  scope: ClientScope,
  balanceId: number,
): Promise<OtherBalanceRow | null> {
  const [row] = await db
    .select()
    .from(otherBalances)
    .where(and(eq(otherBalances.id, balanceId), buildClientOwnedWhere(otherBalances, scope)))
    .for('no key update');
  return row ?? null;
}

/** Each balance's latest values, newest first, at most `limit` of each. */
export async function findBalancePoints(
  db: Database | Transaction,
  scope: ClientScope,
  balanceIds: number[],
  limit: number,
): Promise<Map<number, BalancePoint[]>> {
  const points = new Map<number, BalancePoint[]>();
  if (balanceIds.length === 0) return points;
  const ranked = db.$with('ranked').as(
    db
      .select({
        balanceId: otherBalanceValues.balanceId,
        balanceCents: otherBalanceValues.balanceCents,
        date: otherBalanceValues.date,
        rank: sql<number>`row_number() over (partition by ${otherBalanceValues.balanceId} order by ${otherBalanceValues.date} desc)`.as(
          'rank',
        ),
      })
      .from(otherBalanceValues)
      .where(and(inArray(otherBalanceValues.balanceId, balanceIds), buildClientOwnedWhere(otherBalanceValues, scope))),
  );
  const rows = await db
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, limit))
    .orderBy(asc(ranked.balanceId), desc(ranked.date));
  for (const row of rows) {
    const list = points.get(row.balanceId) ?? [];
    list.push({ balanceCents: Number(row.balanceCents), date: row.date });
    points.set(row.balanceId, list);
  }
  return points;
}

export async function insertOtherBalance(db: Transaction, scope: ClientScope, name: string): Promise<OtherBalanceRow> {
  const [created] = await db
    .insert(otherBalances)
    .values({ name, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new other balance');
  return created;
}

export async function renameOtherBalance(
  db: Transaction,
  scope: ClientScope,
  balanceId: number,
  name: string,
): Promise<void> {
  await db
    .update(otherBalances)
    .set({ name })
    .where(and(eq(otherBalances.id, balanceId), buildClientOwnedWhere(otherBalances, scope)));
}

/** Records the balance's value on a day; a value already on that day is replaced. */
export async function upsertBalancePoint(
  db: Transaction,
  scope: ClientScope,
  balanceId: number,
  point: BalancePoint,
): Promise<void> {
  await db
    .insert(otherBalanceValues)
    .values({
      balanceId,
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      balanceCents: point.balanceCents,
      date: point.date,
    })
    .onConflictDoUpdate({
      target: [otherBalanceValues.balanceId, otherBalanceValues.date],
      set: { balanceCents: point.balanceCents, createdAt: sql`now()` },
    });
}

/** Whether a balance of the scope's client was found and deleted (its values go with it). */
export async function deleteOtherBalance(db: Database, scope: ClientScope, balanceId: number): Promise<boolean> {
  const deleted = await db
    .delete(otherBalances)
    .where(and(eq(otherBalances.id, balanceId), buildClientOwnedWhere(otherBalances, scope)))
    .returning({ id: otherBalances.id });
  return deleted.length > 0;
}
