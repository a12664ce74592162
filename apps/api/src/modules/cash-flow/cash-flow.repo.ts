import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { cashFlowVersions, categories, descriptions, origins, transactions } from '../../db/schema';
import type { ClientScope } from '../../lib/client-scope';
import type { CashFlowFilter } from './cash-flow-filters';

type Executor = Database | Transaction;

/** The `where` of every cash-flow read: the client's own lines, in the period, with the filters. */
function buildCashFlowWhere(scope: ClientScope, filter: CashFlowFilter): SQL | undefined {
  return and(
    eq(transactions.organizationId, scope.organizationId),
    eq(transactions.clientUserId, scope.clientUserId),
    gte(transactions.cashDate, filter.start),
    lte(transactions.cashDate, filter.end),
    filter.showIgnored ? undefined : eq(transactions.ignored, false),
    // One array parameter, not one per id: the statement's text (and so its name) stays the same.
    filter.origins?.length ? sql`${transactions.originId} = any(${sql.param(filter.origins)}::int[])` : undefined,
    filter.category?.length ? sql`${transactions.categoryId} = any(${sql.param(filter.category)}::int[])` : undefined,
    filter.description?.length
      ? sql`${transactions.descriptionId} = any(${sql.param(filter.description)}::int[])`
      : undefined,
    filter.isExpense === undefined
      ? undefined
      : filter.isExpense
        ? lt(transactions.amountCents, 0)
        : gt(transactions.amountCents, 0),
    filter.uncategorized ? isNull(transactions.categoryId) : undefined,
    filter.search ? ilike(transactions.name, `%${filter.search.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
    // Lines of ignored accounts stay out of the cash flow (a subquery PostgreSQL runs once per query).
    sql`${transactions.originId} not in (select ${origins.id} from ${origins} where ${origins.clientUserId} = ${scope.clientUserId} and ${origins.ignored})`,
  );
}

/** These lines, if they are the client's: the scope is in every write's `where`. */
function whereLinesOfScope(scope: ClientScope, ids: number[]): SQL | undefined {
  return and(
    inArray(transactions.id, ids),
    eq(transactions.organizationId, scope.organizationId),
    eq(transactions.clientUserId, scope.clientUserId),
  );
}

const cashFlowColumns = {
  id: transactions.id,
  name: transactions.name,
  categoryId: transactions.categoryId,
  categoryName: categories.name,
  categoryKind: categories.kind,
  descriptionId: transactions.descriptionId,
  descriptionName: descriptions.name,
  isFixed: transactions.isFixed,
  ignored: transactions.ignored,
  amountCents: transactions.amountCents,
  date: transactions.date,
  cashDate: transactions.cashDate,
  createdFrom: transactions.createdFrom,
  clientUserId: transactions.clientUserId,
  isAssetTransfer: transactions.isAssetTransfer,
  originId: transactions.originId,
  originKind: origins.kind,
  originBankCode: origins.bankCode,
  originBranch: origins.branch,
  originAccountNumber: origins.accountNumber,
  originNickname: origins.nickname,
  categorizedBy: transactions.categorizedBy,
};

/**
 * Runs a read as a named statement, named after its text: PostgreSQL parses and plans each shape
 * of filter once per connection instead of on every call (planning cost more than reading a page).
 */
function prepareByText<Query extends { toSQL(): { sql: string }; prepare(name: string): { execute(): unknown } }>(
  query: Query,
): ReturnType<Query['prepare']> {
  const name = `read_${createHash('sha1').update(query.toSQL().sql).digest('base64url').slice(0, 20)}`;
  return query.prepare(name) as ReturnType<Query['prepare']>;
}

/** The client's cash-flow version as of the statement it is part of (0 before their first line). */
function selectCashFlowVersion(clientUserId: number) {
  return sql<string>`coalesce((select ${cashFlowVersions.version} from ${cashFlowVersions} where ${cashFlowVersions.clientUserId} = ${clientUserId}), 0)`;
}

export async function findCashFlowVersion(db: Executor, clientUserId: number): Promise<number> {
  const [row] = await prepareByText(
    db
      .select({ version: cashFlowVersions.version })
      .from(cashFlowVersions)
      .where(eq(cashFlowVersions.clientUserId, clientUserId)),
  ).execute();
  return row?.version ?? 0;
}

/** A page of lines, newest first, and the cash-flow version they were read at (null for an empty page). */
export async function findCashFlowPage(db: Executor, scope: ClientScope, filter: CashFlowFilter) {
  const rows = await prepareByText(
    db
      .select({ ...cashFlowColumns, cashFlowVersion: selectCashFlowVersion(scope.clientUserId) })
      .from(transactions)
      .innerJoin(origins, eq(origins.id, transactions.originId))
      .leftJoin(categories, eq(categories.id, transactions.categoryId))
      .leftJoin(descriptions, eq(descriptions.id, transactions.descriptionId))
      .where(buildCashFlowWhere(scope, filter))
      .orderBy(desc(transactions.cashDate), desc(transactions.id))
      .limit(filter.limit)
      .offset(filter.offset),
  ).execute();
  return { rows, version: rows[0] ? Number(rows[0].cashFlowVersion) : null };
}

/** How many lines the filter finds, and the cash-flow version they were counted at. */
export async function countCashFlow(db: Executor, scope: ClientScope, filter: CashFlowFilter) {
  const [row] = await prepareByText(
    db
      .select({ total: count(), version: selectCashFlowVersion(scope.clientUserId) })
      .from(transactions)
      .where(buildCashFlowWhere(scope, filter)),
  ).execute();
  return { count: row?.total ?? 0, version: Number(row?.version ?? 0) };
}

export type CashFlowRow = NonNullable<Awaited<ReturnType<typeof findCashFlowLine>>>;

export async function findCashFlowLine(db: Executor, scope: ClientScope, id: number) {
  const [row] = await db
    .select(cashFlowColumns)
    .from(transactions)
    .innerJoin(origins, eq(origins.id, transactions.originId))
    .leftJoin(categories, eq(categories.id, transactions.categoryId))
    .leftJoin(descriptions, eq(descriptions.id, transactions.descriptionId))
    .where(whereLinesOfScope(scope, [id]));
  return row ?? null;
}

/** Sums by category and description (one GROUP BY), for the summary and the charts. */
export async function sumByDescription(db: Executor, scope: ClientScope, filter: CashFlowFilter) {
  // Sum the lines first, then name the few groups: joining names per line costs more than the sum.
  const sums = db
    .select({
      categoryId: transactions.categoryId,
      descriptionId: transactions.descriptionId,
      direction: sql<number>`sign(${transactions.amountCents})::int`.as('direction'),
      totalCents: sql<string>`sum(${transactions.amountCents})`.as('total_cents'),
      lines: sql<number>`count(*)::int`.as('lines'),
    })
    .from(transactions)
    .where(buildCashFlowWhere(scope, filter))
    .groupBy(transactions.categoryId, transactions.descriptionId, sql`sign(${transactions.amountCents})`)
    .as('sums');
  const query = db
    .select({
      categoryId: sums.categoryId,
      categoryName: categories.name,
      categoryKind: categories.kind,
      descriptionId: sums.descriptionId,
      descriptionName: descriptions.name,
      direction: sums.direction,
      totalCents: sums.totalCents,
      lines: sums.lines,
    })
    .from(sums)
    .leftJoin(categories, eq(categories.id, sums.categoryId))
    .leftJoin(descriptions, eq(descriptions.id, sums.descriptionId))
    .orderBy(asc(categories.position), asc(descriptions.position));
  const rows = await prepareByText(query).execute();
  // SUM of bigint comes back as text: cents are converted here, at the repository's edge.
  return rows.map((row) => ({ ...row, totalCents: Number(row.totalCents) }));
}

/** Income and expense per cash date of the filtered lines, asset transfers left out (the daily charts). */
export function sumByCashDate(db: Executor, scope: ClientScope, filter: CashFlowFilter) {
  return db
    .select({
      date: sql<string>`to_char(${transactions.cashDate}, 'YYYY-MM-DD')`,
      income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} > 0), 0)`,
      expense: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} < 0), 0)`,
    })
    .from(transactions)
    .where(and(buildCashFlowWhere(scope, filter), eq(transactions.isAssetTransfer, false)))
    .groupBy(transactions.cashDate)
    .orderBy(transactions.cashDate);
}

/** Category and description of the caller's organization, checked together (a description belongs to its category). */
export async function findCategorization(
  db: Executor,
  organizationId: number,
  categoryId: number | null,
  descriptionId: number | null,
) {
  if (descriptionId !== null) {
    const [row] = await db
      .select({ categoryId: descriptions.categoryId, kind: categories.kind })
      .from(descriptions)
      .innerJoin(categories, eq(categories.id, descriptions.categoryId))
      .where(and(eq(descriptions.id, descriptionId), eq(descriptions.organizationId, organizationId)));
    if (!row || (categoryId !== null && row.categoryId !== categoryId)) return null;
    return { categoryId: row.categoryId, descriptionId, kind: row.kind };
  }
  if (categoryId === null) return { categoryId: null, descriptionId: null, kind: null };
  const [row] = await db
    .select({ id: categories.id, kind: categories.kind })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.organizationId, organizationId)));
  return row ? { categoryId: row.id, descriptionId: null, kind: row.kind } : null;
}

export async function updateCashFlowLines(
  db: Executor,
  scope: ClientScope,
  ids: number[],
  changes: Partial<typeof transactions.$inferInsert>,
): Promise<number> {
  const updated = await db
    .update(transactions)
    .set(changes)
    .where(whereLinesOfScope(scope, ids))
    .returning({ id: transactions.id });
  return updated.length;
}

export async function deleteCashFlowLines(db: Executor, scope: ClientScope, ids: number[]): Promise<number> {
  const deleted = await db.delete(transactions).where(whereLinesOfScope(scope, ids)).returning({ id: transactions.id });
  return deleted.length;
}
