import type { InvestmentKind } from '@prumo/contract/investments';
import type { InvestmentPoint } from '@prumo/domain/performance/performance-figures';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { investments, investmentValues } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

export type InvestmentRow = typeof investments.$inferSelect;
export type InvestmentValueRow = Pick<
  typeof investmentValues.$inferSelect,
  'investmentId' | 'date' | 'balanceCents' | 'grossBalanceCents'
>;

/** The fields a client sets; organization, client and kind come from the call. */
export interface InvestmentFields {
  name: string;
  balanceCents: number;
  grossBalanceCents: number | null;
  monthlyContributionCents: number | null;
  salaryCents: number | null;
  cnpj: string | null;
  cnpb: string | null;
  susepProcess: string | null;
  funds: { name: string; cnpj: string }[];
}

function whereOwned(scope: ClientScope, kind: InvestmentKind | null) {
  const owned = buildClientOwnedWhere(investments, scope);
  return kind === null ? owned : and(owned, eq(investments.kind, kind));
}

/** The client's investments (of one kind, or all), in the order they were made. */
export async function findInvestments(
  db: Database,
  scope: ClientScope,
  kind: InvestmentKind | null,
): Promise<InvestmentRow[]> {
  return db.select().from(investments).where(whereOwned(scope, kind)).orderBy(asc(investments.id));
}

export async function findInvestment(
  db: Database | Transaction,
  scope: ClientScope,
  kind: InvestmentKind,
  investmentId: number,
): Promise<InvestmentRow | null> {
  const [row] = await db
    .select()
    .from(investments)
    .where(and(eq(investments.id, investmentId), whereOwned(scope, kind)));
  return row ?? null;
}

/** The latest points of each investment named, newest first, at most `limit` each. */
export async function findLatestValues(
  db: Database,
  investmentIds: number[],
  limit: number,
): Promise<InvestmentValueRow[]> {
  if (investmentIds.length === 0) return [];
  const ranked = db
    .select({
      investmentId: investmentValues.investmentId,
      date: investmentValues.date,
      balanceCents: investmentValues.balanceCents,
      grossBalanceCents: investmentValues.grossBalanceCents,
      rank: sql<number>`row_number() over (partition by ${investmentValues.investmentId} order by ${investmentValues.date} desc)`.as(
        'rank',
      ),
    })
    .from(investmentValues)
    .where(inArray(investmentValues.investmentId, investmentIds))
    .as('ranked');
  return db
    .select({
      investmentId: ranked.investmentId,
      date: ranked.date,
      balanceCents: ranked.balanceCents,
      grossBalanceCents: ranked.grossBalanceCents,
    })
    .from(ranked)
    .where(lte(ranked.rank, limit))
    .orderBy(asc(ranked.investmentId), desc(ranked.date));
}

/**
 * The points of the client's investments a period's return needs (`findReturnBalances`): for
 * each, its last point of every month of the period up to its last day, and its latest before
 * the period — at most one a month, picked in the database.
 */
export async function findPeriodPoints(
  db: Database,
  scope: ClientScope,
  period: { firstDay: string; lastDay: string },
): Promise<InvestmentPoint[]> {
  // Months before the period fall into one bucket (null): only their latest point counts.
  const points = db
    .select({
      investmentId: investmentValues.investmentId,
      date: sql<string>`to_char(${investmentValues.date}, 'YYYY-MM-DD')`.as('point_date'),
      balanceCents: investmentValues.balanceCents,
      bucket:
        sql`case when ${investmentValues.date} < ${period.firstDay}::date then null else date_trunc('month', ${investmentValues.date}::timestamp) end`.as(
          'bucket',
        ),
    })
    .from(investmentValues)
    .innerJoin(investments, eq(investments.id, investmentValues.investmentId))
    .where(and(buildClientOwnedWhere(investments, scope), lte(investmentValues.date, period.lastDay)))
    .as('points');
  return db
    .selectDistinctOn([points.investmentId, points.bucket], {
      investmentId: points.investmentId,
      date: points.date,
      balanceCents: points.balanceCents,
    })
    .from(points)
    .orderBy(points.investmentId, points.bucket, desc(points.date));
}

export async function insertInvestment(
  db: Transaction,
  scope: ClientScope,
  kind: InvestmentKind,
  fields: InvestmentFields,
): Promise<InvestmentRow> {
  const [created] = await db
    .insert(investments)
    .values({ ...fields, kind, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new investment');
  return created;
}

/** The changed investment, or null when it is not one of the scope's client of that kind. */
export async function updateInvestment(
  db: Transaction,
  scope: ClientScope,
  kind: InvestmentKind,
  investmentId: number,
  changes: Partial<InvestmentFields>,
): Promise<InvestmentRow | null> {
  const [updated] = await db
    .update(investments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(investments.id, investmentId), whereOwned(scope, kind)))
    .returning();
  return updated ?? null;
}

/** Records the day's balance; a second change the same day replaces the first. */
export async function recordValue(db: Transaction, row: InvestmentRow, date: string): Promise<void> {
  const point = { balanceCents: row.balanceCents, grossBalanceCents: row.grossBalanceCents };
  await db
    .insert(investmentValues)
    .values({ investmentId: row.id, date, ...point })
    .onConflictDoUpdate({ target: [investmentValues.investmentId, investmentValues.date], set: point });
}

/** Whether an investment of the scope's client, of that kind, was found and deleted (its points go with it). */
export async function deleteInvestment(
  db: Database,
  scope: ClientScope,
  kind: InvestmentKind,
  investmentId: number,
): Promise<boolean> {
  const deleted = await db
    .delete(investments)
    .where(and(eq(investments.id, investmentId), whereOwned(scope, kind)))
    .returning({ id: investments.id });
  return deleted.length > 0;
}

/**
 * An investment a bank connection brings, by its institution's reference: created the first time,
 * its name and balances refreshed after. Answers the row as it is now.
 */
export async function upsertSourcedInvestment(
  db: Transaction,
  scope: ClientScope,
  sourceKey: string,
  kind: InvestmentKind,
  fields: Pick<InvestmentFields, 'name' | 'balanceCents' | 'grossBalanceCents' | 'cnpj'>,
): Promise<InvestmentRow> {
  const [row] = await db
    .insert(investments)
    .values({ ...fields, kind, sourceKey, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .onConflictDoUpdate({
      target: [investments.clientUserId, investments.sourceKey],
      targetWhere: sql`source_key is not null`,
      set: {
        name: fields.name,
        balanceCents: fields.balanceCents,
        grossBalanceCents: fields.grossBalanceCents,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('INSERT … ON CONFLICT gave no row for a synced investment');
  return row;
}
