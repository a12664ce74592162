import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { origins, transactions } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

export type OriginRow = typeof origins.$inferSelect;

/** One month of an account's lines; the sums are PostgreSQL numerics, as text. */
export interface OriginMonthRow {
  originId: number;
  month: string;
  /** "YYYY-MM-01", for the order. */
  monthStart: string;
  lines: number;
  incomeText: string;
  expenseText: string;
}

export async function findOrigins(db: Database, scope: ClientScope): Promise<OriginRow[]> {
  return db
    .select()
    .from(origins)
    .where(buildClientOwnedWhere(origins, scope))
    .orderBy(asc(origins.kind), asc(origins.id));
}

/** Whether the client's account was found and marked. */
export async function updateOriginIgnored(
  db: Database,
  scope: ClientScope,
  originId: number,
  ignored: boolean,
): Promise<boolean> {
  const updated = await db
    .update(origins)
    .set({ ignored })
    .where(and(eq(origins.id, originId), buildClientOwnedWhere(origins, scope)))
    .returning({ id: origins.id });
  return updated.length > 0;
}

export async function insertManualOrigin(db: Database, scope: ClientScope, nickname: string): Promise<number> {
  const [created] = await db
    .insert(origins)
    .values({
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      kind: 'manual',
      // Each manual account is its own: the identity takes a unique number.
      accountNumber: `manual-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      nickname,
    })
    .returning({ id: origins.id });
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new origin');
  return created.id;
}

/** Whether a manual account of the client was found and deleted (an imported one is never deleted here). */
export async function deleteManualOrigin(db: Database, scope: ClientScope, originId: number): Promise<boolean> {
  const deleted = await db
    .delete(origins)
    .where(and(eq(origins.id, originId), eq(origins.kind, 'manual'), buildClientOwnedWhere(origins, scope)))
    .returning({ id: origins.id });
  return deleted.length > 0;
}

/** Lines, income and expense of each account by month in the period, the ignored lines left out. */
export async function sumOriginMonths(
  db: Database,
  scope: ClientScope,
  period: { start: string; end: string },
): Promise<OriginMonthRow[]> {
  return db
    .select({
      originId: transactions.originId,
      month: sql<string>`to_char(${transactions.cashDate}, 'MM/YYYY')`,
      monthStart: sql<string>`to_char(date_trunc('month', ${transactions.cashDate}), 'YYYY-MM-DD')`,
      lines: sql<number>`count(*)::int`,
      incomeText: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} > 0), 0)`,
      expenseText: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} < 0), 0)`,
    })
    .from(transactions)
    .where(
      and(
        buildClientOwnedWhere(transactions, scope),
        gte(transactions.cashDate, period.start),
        lte(transactions.cashDate, period.end),
        eq(transactions.ignored, false),
      ),
    )
    .groupBy(transactions.originId, sql`2`, sql`3`)
    .orderBy(transactions.originId, sql`3`);
}
