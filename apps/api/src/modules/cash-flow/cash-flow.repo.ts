import { readSummedCents } from '@prumo/domain/money/cents';
import { buildContainsPattern } from '@prumo/domain/records/search-text';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type Database, findPlannedOnceDatabase, type Transaction } from '../../db/database';
import {
  cashFlowVersions,
  categories,
  descriptions,
  dismissedLines,
  holdingsVersions,
  origins,
  planningVersions,
  transactions,
  users,
} from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';
import type { CashFlowFilter } from './cash-flow-filters';

type Executor = Database | Transaction;

/**
 * Which optional conditions a filter uses. Each shape of `where` is built once, with placeholders
 * for the values, and prepared once per connection: a call then neither builds SQL nor makes
 * PostgreSQL plan it (both cost more than reading a page off the index).
 */
function describeFilterShape(filter: CashFlowFilter): string {
  // Short: it ends up in statement names, which PostgreSQL cuts at 63 characters.
  return [
    filter.showIgnored ? 'all' : 'kept',
    filter.origins?.length ? 'o' : '',
    filter.category?.length ? 'c' : '',
    filter.description?.length ? 'd' : '',
    filter.isExpense === undefined ? '' : filter.isExpense ? 'e' : 'i',
    filter.uncategorized ? 'u' : '',
    filter.search ? 's' : '',
    filter.isAssetTransfer ? 't' : '',
    filter.isFinancialProduct === undefined ? '' : filter.isFinancialProduct ? 'p' : 'q',
    filter.identificationNumber ? 'n' : '',
  ].join('');
}

/** The values of the placeholders of `buildCashFlowWhere`. */
function fillCashFlowPlaceholders(scope: ClientScope, filter: CashFlowFilter) {
  return {
    organizationId: scope.organizationId,
    clientUserId: scope.clientUserId,
    start: filter.start,
    end: filter.end,
    origins: filter.origins ?? [],
    category: filter.category ?? [],
    description: filter.description ?? [],
    search: filter.search ? buildContainsPattern(filter.search) : '',
    identificationNumber: filter.identificationNumber ?? '',
    limit: filter.limit,
    offset: filter.offset,
  };
}

/**
 * The `where` of every cash-flow read: the client's own lines, in the period, with the filters.
 * Without a scope its values are placeholders (prepared reads, `fillCashFlowPlaceholders`); with
 * one they are written in (reads whose text changes from call to call).
 */
function buildCashFlowWhere(filter: CashFlowFilter, scope?: ClientScope): SQL | undefined {
  const values = scope ? fillCashFlowPlaceholders(scope, filter) : null;
  const value = (name: keyof ReturnType<typeof fillCashFlowPlaceholders>) =>
    values ? sql.param(values[name]) : sql.placeholder(name);
  return and(
    eq(transactions.organizationId, value('organizationId')),
    eq(transactions.clientUserId, value('clientUserId')),
    gte(transactions.cashDate, value('start')),
    lte(transactions.cashDate, value('end')),
    filter.showIgnored ? undefined : eq(transactions.ignored, false),
    // Lists as one array each, so a list's length does not change the statement.
    filter.origins?.length ? sql`${transactions.originId} = any(${value('origins')}::int[])` : undefined,
    filter.category?.length ? sql`${transactions.categoryId} = any(${value('category')}::int[])` : undefined,
    filter.description?.length ? sql`${transactions.descriptionId} = any(${value('description')}::int[])` : undefined,
    filter.isExpense === undefined
      ? undefined
      : filter.isExpense
        ? lt(transactions.amountCents, 0)
        : gt(transactions.amountCents, 0),
    filter.uncategorized ? isNull(transactions.categoryId) : undefined,
    // Accents and case aside; the client's own lines of the period only, so no index is needed.
    filter.search ? sql`fold_for_search(${transactions.name}) like ${value('search')}` : undefined,
    filter.isAssetTransfer ? eq(transactions.isAssetTransfer, true) : undefined,
    filter.isFinancialProduct === undefined ? undefined : eq(transactions.isAssetTransfer, filter.isFinancialProduct),
    filter.identificationNumber
      ? sql`${transactions.originId} in (select ${origins.id} from ${origins} where ${origins.clientUserId} = ${value('clientUserId')} and regexp_replace(${origins.accountNumber}, '\\D', '', 'g') = ${value('identificationNumber')})`
      : undefined,
    // Lines of ignored accounts stay out of the cash flow (a subquery PostgreSQL runs once per query).
    sql`${transactions.originId} not in (select ${origins.id} from ${origins} where ${origins.clientUserId} = ${value('clientUserId')} and ${origins.ignored})`,
  );
}

const preparedReads = new WeakMap<Database, Map<string, unknown>>();

/**
 * The read of this name (which says its filter shape), built and prepared on first use, on
 * connections that plan it once: its plan is the same for any client and period (the client's
 * (client, cash date) index), so planning it again on every call would be wasted.
 */
function prepareRead<Prepared>(db: Database, name: string, build: (reader: Database) => Prepared): Prepared {
  let reads = preparedReads.get(db);
  if (!reads) {
    reads = new Map();
    preparedReads.set(db, reads);
  }
  let prepared = reads.get(name) as Prepared | undefined;
  if (!prepared) {
    prepared = build(findPlannedOnceDatabase(db));
    reads.set(name, prepared);
  }
  return prepared;
}

/** These lines, if they are the client's: the scope is in every write's `where`. */
function whereLinesOfScope(scope: ClientScope, ids: number[]): SQL | undefined {
  return and(inArray(transactions.id, ids), buildClientOwnedWhere(transactions, scope));
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

/** The client's cash-flow version as of the statement it is part of (0 before their first line). */
const selectCashFlowVersion = sql<string>`coalesce((select ${cashFlowVersions.version} from ${cashFlowVersions} where ${cashFlowVersions.clientUserId} = ${sql.placeholder('clientUserId')}), 0)`;

export async function findCashFlowVersion(db: Database, clientUserId: number): Promise<number> {
  const read = prepareRead(db, 'find_cash_flow_version', (reader) =>
    reader
      .select({ version: cashFlowVersions.version })
      .from(cashFlowVersions)
      .where(eq(cashFlowVersions.clientUserId, sql.placeholder('clientUserId')))
      .prepare('find_cash_flow_version'),
  );
  const [row] = await read.execute({ clientUserId });
  return row?.version ?? 0;
}

/** A client's versions: their lines and accounts, their budgets and planning tasks, and what they hold and owe. */
export interface ClientVersions {
  cashFlow: number;
  planning: number;
  /** Accounts, card bills, investments, other balances and debts (migration 0024). */
  holdings: number;
}

/**
 * The versions in one read (0 before the client's first write of each kind), for values made of
 * the client's lines and of their plans alike (the summary's planned amounts, the future flow).
 */
export async function findClientVersions(db: Database, clientUserId: number): Promise<ClientVersions> {
  // Built once per database: every call that reuses a kept value reads the versions first.
  const read = prepareRead(db, 'find_client_versions', (reader) =>
    reader
      .select({
        cashFlow: cashFlowVersions.version,
        planning: planningVersions.version,
        holdings: holdingsVersions.version,
      })
      .from(users)
      .leftJoin(cashFlowVersions, eq(cashFlowVersions.clientUserId, users.id))
      .leftJoin(planningVersions, eq(planningVersions.clientUserId, users.id))
      .leftJoin(holdingsVersions, eq(holdingsVersions.clientUserId, users.id))
      .where(eq(users.id, sql.placeholder('clientUserId')))
      .prepare('find_client_versions'),
  );
  const [row] = await read.execute({ clientUserId });
  return { cashFlow: row?.cashFlow ?? 0, planning: row?.planning ?? 0, holdings: row?.holdings ?? 0 };
}

/** A page of lines, newest first, and the cash-flow version they were read at (null for an empty page). */
export async function findCashFlowPage(db: Database, scope: ClientScope, filter: CashFlowFilter) {
  const name = `cash_flow_page_${describeFilterShape(filter)}`;
  const page = prepareRead(db, name, (reader) =>
    reader
      .select({ ...cashFlowColumns, cashFlowVersion: selectCashFlowVersion })
      .from(transactions)
      .innerJoin(origins, eq(origins.id, transactions.originId))
      .leftJoin(categories, eq(categories.id, transactions.categoryId))
      .leftJoin(descriptions, eq(descriptions.id, transactions.descriptionId))
      .where(buildCashFlowWhere(filter))
      .orderBy(desc(transactions.cashDate), desc(transactions.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  const rows = await page.execute(fillCashFlowPlaceholders(scope, filter));
  return { rows, version: rows[0] ? Number(rows[0].cashFlowVersion) : null };
}

/** How many lines the filter finds, and the cash-flow version they were counted at. */
export async function countCashFlow(db: Database, scope: ClientScope, filter: CashFlowFilter) {
  const name = `cash_flow_count_${describeFilterShape(filter)}`;
  const counting = prepareRead(db, name, (reader) =>
    reader
      .select({ total: count(), version: selectCashFlowVersion })
      .from(transactions)
      .where(buildCashFlowWhere(filter))
      .prepare(name),
  );
  const [row] = await counting.execute(fillCashFlowPlaceholders(scope, filter));
  return { count: row?.total ?? 0, version: Number(row?.version ?? 0) };
}

/**
 * How many lines the filter finds and their money in and out (ignored lines never count in the
 * sums, even when shown), with the cash-flow version they were read at: one pass.
 */
export async function countAndSumCashFlow(db: Database, scope: ClientScope, filter: CashFlowFilter) {
  const name = `cash_flow_totals_${describeFilterShape(filter)}`;
  const summing = prepareRead(db, name, (reader) =>
    reader
      .select({
        total: count(),
        outCents: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} < 0 and not ${transactions.ignored}), 0)`,
        inCents: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} > 0 and not ${transactions.ignored}), 0)`,
        version: selectCashFlowVersion,
      })
      .from(transactions)
      .where(buildCashFlowWhere(filter))
      .prepare(name),
  );
  const [row] = await summing.execute(fillCashFlowPlaceholders(scope, filter));
  // SUM of bigint comes back as text: cents are converted here, at the repository's edge (never rounded).
  return {
    count: row?.total ?? 0,
    outCents: readSummedCents(row?.outCents),
    inCents: readSummedCents(row?.inCents),
    version: Number(row?.version ?? 0),
  };
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
export async function sumByDescription(db: Database, scope: ClientScope, filter: CashFlowFilter) {
  const name = `cash_flow_sums_${describeFilterShape(filter)}`;
  const summing = prepareRead(db, name, (reader) => {
    // Sum the lines first, then name the few groups: joining names per line costs more than the sum.
    const sums = reader
      .select({
        categoryId: transactions.categoryId,
        descriptionId: transactions.descriptionId,
        direction: sql<number>`sign(${transactions.amountCents})::int`.as('direction'),
        totalCents: sql<string>`sum(${transactions.amountCents})`.as('total_cents'),
        lines: sql<number>`count(*)::int`.as('lines'),
      })
      .from(transactions)
      .where(buildCashFlowWhere(filter))
      .groupBy(transactions.categoryId, transactions.descriptionId, sql`sign(${transactions.amountCents})`)
      .as('sums');
    return reader
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
      .orderBy(asc(categories.position), asc(descriptions.position))
      .prepare(name);
  });
  const rows = await summing.execute(fillCashFlowPlaceholders(scope, filter));
  // SUM of bigint comes back as text: cents are converted here, at the repository's edge.
  return rows.map((row) => ({ ...row, totalCents: readSummedCents(row.totalCents) }));
}

/** Income and expense per cash date of the filtered lines, asset transfers left out (the daily charts). */
export function sumByCashDate(db: Database, scope: ClientScope, filter: CashFlowFilter) {
  const name = `cash_flow_days_${describeFilterShape(filter)}`;
  const summing = prepareRead(db, name, (reader) =>
    reader
      .select({
        date: sql<string>`to_char(${transactions.cashDate}, 'YYYY-MM-DD')`,
        income: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} > 0), 0)`,
        expense: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.amountCents} < 0), 0)`,
      })
      .from(transactions)
      .where(and(buildCashFlowWhere(filter), eq(transactions.isAssetTransfer, false)))
      .groupBy(transactions.cashDate)
      .orderBy(transactions.cashDate)
      .prepare(name),
  );
  return summing.execute(fillCashFlowPlaceholders(scope, filter));
}

/** An account whose balance on a day is known (from its statements). */
export interface KnownBalance {
  originId: number;
  balanceCents: number;
  balanceDate: string;
}

/**
 * Sums by month of cash date and category (one GROUP BY over the client's period, read off the
 * (client, cash date) index), under the cash flow's own rules: the future flow's actual side.
 * With known balances, the same pass also sums, per group, the lines of those accounts dated on or
 * before their balance's day (`untilBalanceCents`), so the balance can be carried back without
 * reading the lines twice.
 */
export async function sumByMonthAndCategory(
  db: Executor,
  scope: ClientScope,
  period: { start: string; end: string },
  knownBalances: readonly KnownBalance[] = [],
) {
  // On a plain timestamp: truncating a timestamp with time zone looks the zone up for every line.
  const month = sql`date_trunc('month', ${transactions.cashDate}::timestamp)`;
  const balanceDay = sql`case ${transactions.originId} ${sql.join(
    knownBalances.map((known) => sql`when ${known.originId} then ${known.balanceDate}::date`),
    sql` `,
  )} end`;
  const sums = db
    .select({
      month: sql<string>`${month}`.as('month'),
      categoryId: transactions.categoryId,
      totalCents: sql<string>`sum(${transactions.amountCents})`.as('total_cents'),
      untilBalanceCents: (knownBalances.length === 0
        ? sql<string>`0`
        : sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.cashDate} <= ${balanceDay}), 0)`
      ).as('until_balance_cents'),
    })
    .from(transactions)
    .where(buildCashFlowWhere({ ...period, limit: 1, offset: 0 }, scope))
    // Uncategorized money counts by its sign, so money in and out of no category stay apart.
    .groupBy(
      month,
      transactions.categoryId,
      sql`${transactions.categoryId} is null and ${transactions.amountCents} < 0`,
    )
    .as('sums');
  const rows = await db
    .select({
      month: sql<string>`to_char(${sums.month}, 'YYYY-MM-DD')`,
      categoryId: sums.categoryId,
      categoryKind: categories.kind,
      totalCents: sums.totalCents,
      untilBalanceCents: sums.untilBalanceCents,
    })
    .from(sums)
    .leftJoin(categories, eq(categories.id, sums.categoryId));
  return rows.map((row) => ({
    ...row,
    totalCents: readSummedCents(row.totalCents),
    untilBalanceCents: readSummedCents(row.untilBalanceCents),
  }));
}

/**
 * What the lines of accounts with known balances add to carry them to `openingDay` from outside a
 * period already summed: lines after the period up to the balance's day move it back, lines after
 * the balance's day and before `openingDay` forward. Under the cash flow's rules (ignored lines out).
 */
export async function sumBalanceMovesAround(
  db: Executor,
  scope: ClientScope,
  knownBalances: readonly KnownBalance[],
  period: { openingDay: string; summedEnd: string },
): Promise<number> {
  if (knownBalances.length === 0) return 0;
  const balanceDay = sql`case ${transactions.originId} ${sql.join(
    knownBalances.map((known) => sql`when ${known.originId} then ${known.balanceDate}::date`),
    sql` `,
  )} end`;
  const days = knownBalances.map((known) => known.balanceDate).sort();
  const [row] = await db
    .select({
      movedCents: sql<string>`coalesce(sum(case
        when ${transactions.cashDate} > ${period.summedEnd}::date and ${transactions.cashDate} <= ${balanceDay} then -${transactions.amountCents}
        when ${transactions.cashDate} > ${balanceDay} and ${transactions.cashDate} < ${period.openingDay}::date then ${transactions.amountCents}
        else 0 end), 0)`,
    })
    .from(transactions)
    .where(
      and(
        buildClientOwnedWhere(transactions, scope),
        eq(transactions.ignored, false),
        inArray(
          transactions.originId,
          knownBalances.map((known) => known.originId),
        ),
        // The widest days either rule can need, so the (client, cash date) index bounds the read.
        sql`(${transactions.cashDate} > ${period.summedEnd}::date and ${transactions.cashDate} <= ${days.at(-1)}::date
          or ${transactions.cashDate} > ${days[0]}::date and ${transactions.cashDate} < ${period.openingDay}::date)`,
      ),
    );
  return readSummedCents(row?.movedCents);
}

/** The lines marked fixed in the period (newest first; a household has a few dozen a month). */
export async function findFixedLines(db: Executor, scope: ClientScope, period: { start: string; end: string }) {
  return db
    .select({
      id: transactions.id,
      name: transactions.name,
      merchantKey: transactions.merchantKey,
      cashDate: transactions.cashDate,
      categoryId: transactions.categoryId,
      categoryKind: categories.kind,
      amountCents: transactions.amountCents,
    })
    .from(transactions)
    .leftJoin(categories, eq(categories.id, transactions.categoryId))
    .where(and(buildCashFlowWhere({ ...period, limit: 1, offset: 0 }, scope), eq(transactions.isFixed, true)))
    .orderBy(desc(transactions.cashDate), desc(transactions.id))
    .limit(5_000);
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

/**
 * Deletes the client's lines; those a statement or a bank connection brought are remembered (with
 * the other source's line merged into them), so neither brings them back.
 */
export async function deleteCashFlowLines(db: Executor, scope: ClientScope, ids: number[]): Promise<number> {
  const deleted = await db.delete(transactions).where(whereLinesOfScope(scope, ids)).returning({
    originId: transactions.originId,
    identityKey: transactions.identityKey,
    pairedIdentityKey: transactions.pairedIdentityKey,
    createdFrom: transactions.createdFrom,
  });
  const dismissed = deleted
    .filter((line) => line.createdFrom !== 'manual')
    .flatMap(({ originId, identityKey, pairedIdentityKey }) => [
      { originId, identityKey },
      ...(pairedIdentityKey === null ? [] : [{ originId, identityKey: pairedIdentityKey }]),
    ]);
  if (dismissed.length > 0) {
    await db.insert(dismissedLines).values(dismissed).onConflictDoNothing();
  }
  return deleted.length;
}

/** One of the client's accounts, as far as a line put in it needs: a card's days say its lines' cash date. */
export async function findClientOrigin(db: Executor, scope: ClientScope, originId: number) {
  const [origin] = await db
    .select({ id: origins.id, kind: origins.kind, closingDay: origins.closingDay, dueDay: origins.dueDay })
    .from(origins)
    .where(and(eq(origins.id, originId), buildClientOwnedWhere(origins, scope)));
  return origin ?? null;
}

/** A line of the client as an edit needs it, held until the edit's transaction ends (edits of it take turns). */
export async function findLineToEdit(db: Transaction, scope: ClientScope, id: number) {
  const [line] = await db
    .select({
      id: transactions.id,
      createdFrom: transactions.createdFrom,
      originId: transactions.originId,
      date: transactions.date,
      amountCents: transactions.amountCents,
    })
    .from(transactions)
    .where(whereLinesOfScope(scope, [id]))
    .for('update');
  return line ?? null;
}

/** True while the scope's client has no line left to categorize (ignored lines aside). */
export function buildNothingToCategorizeCondition(scope: ClientScope): SQL {
  return sql`not exists (select 1 from ${transactions} where ${buildClientOwnedWhere(transactions, scope)} and ${transactions.categoryId} is null and not ${transactions.ignored})`;
}

/**
 * The client's other uncategorized lines of the same merchants as `ids` (same sign of amount)
 * take the same categorization, as a rule's answer.
 */
export async function categorizeSimilarLines(
  transaction: Transaction,
  scope: ClientScope,
  ids: readonly number[],
  categorization: { categoryId: number; descriptionId: number | null; isAssetTransfer: boolean },
): Promise<void> {
  await transaction.execute(sql`
    update transactions alike set category_id = ${categorization.categoryId},
      description_id = ${categorization.descriptionId}, categorized_by = 'rule', categorized_at = now(),
      is_asset_transfer = ${categorization.isAssetTransfer}
    from transactions chosen
    where chosen.id = any(${sql.param(ids)}::bigint[])
      and chosen.client_user_id = ${scope.clientUserId} and chosen.organization_id = ${scope.organizationId}
      and alike.client_user_id = ${scope.clientUserId} and alike.organization_id = ${scope.organizationId}
      and alike.category_id is null and alike.merchant_key <> ''
      and alike.merchant_key = chosen.merchant_key and sign(alike.amount_cents) = sign(chosen.amount_cents)`);
}

/** The client's cash account ("Dinheiro"), or null before their first typed line. */
export async function findCashOrigin(db: Executor, scope: ClientScope): Promise<number | null> {
  const [existing] = await db
    .select({ id: origins.id })
    .from(origins)
    .where(
      and(buildClientOwnedWhere(origins, scope), eq(origins.kind, 'manual'), eq(origins.accountNumber, 'dinheiro')),
    );
  return existing?.id ?? null;
}

/** Makes the client's cash account; null when another call made it first. */
export async function insertCashOrigin(db: Executor, scope: ClientScope): Promise<number | null> {
  const [created] = await db
    .insert(origins)
    .values({
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      kind: 'manual',
      accountNumber: 'dinheiro',
      nickname: 'Dinheiro',
    })
    .onConflictDoNothing()
    .returning({ id: origins.id });
  return created?.id ?? null;
}

/** Lines typed by hand, all or none (one statement); their ids in the order given. */
export async function insertManualLines(
  db: Database,
  lines: readonly (typeof transactions.$inferInsert)[],
): Promise<number[]> {
  const created = await db
    .insert(transactions)
    .values([...lines])
    .returning({ id: transactions.id });
  return created.map((row) => row.id);
}
