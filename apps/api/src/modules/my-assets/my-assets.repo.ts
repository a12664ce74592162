import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { cardBills, origins, transactions } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

export type OriginRow = typeof origins.$inferSelect;
export type CardBillRow = typeof cardBills.$inferSelect;

type Reader = Database | Transaction;

export async function findClientOrigins(db: Reader, scope: ClientScope): Promise<OriginRow[]> {
  return db
    .select()
    .from(origins)
    .where(buildClientOwnedWhere(origins, scope))
    .orderBy(asc(origins.kind), asc(origins.id));
}

/** The client's account or card with this id (a card only, with `cardOnly`), locked when asked. */
export async function findClientOrigin(
  db: Reader,
  scope: ClientScope,
  originId: number,
  options: { cardOnly?: boolean; lock?: boolean } = {},
): Promise<OriginRow | null> {
  const query = db
    .select()
    .from(origins)
    .where(
      and(
        eq(origins.id, originId),
        buildClientOwnedWhere(origins, scope),
        options.cardOnly ? eq(origins.kind, 'credit_card') : undefined,
      ),
    );
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateOriginNickname(
  db: Reader,
  scope: ClientScope,
  originId: number,
  nickname: string | null,
): Promise<boolean> {
  const updated = await db
    .update(origins)
    .set({ nickname })
    .where(and(eq(origins.id, originId), buildClientOwnedWhere(origins, scope)))
    .returning({ id: origins.id });
  return updated.length > 0;
}

export async function updateCardSettings(
  db: Transaction,
  originId: number,
  changes: { closingDay?: number; dueDay?: number; creditLimitCents?: number | null },
): Promise<void> {
  await db.update(origins).set(changes).where(eq(origins.id, originId));
}

/** One month of an account's lines up to today, split at its known balance's day; sums are numerics as text. */
export interface AccountMonthRow {
  originId: number;
  month: string;
  onOrBeforeKnownText: string;
  afterKnownText: string;
}

/**
 * Every account's lines (cards apart) by month, up to today, split at the account's known balance
 * day. Ignored lines stay out, as in the cash flow and the future flow's balance, so the figures agree.
 */
export async function sumAccountMonths(db: Reader, scope: ClientScope, today: string): Promise<AccountMonthRow[]> {
  const afterKnown = sql`(${origins.balanceDate} is null or ${transactions.cashDate} > ${origins.balanceDate})`;
  return db
    .select({
      originId: transactions.originId,
      month: sql<string>`to_char(date_trunc('month', ${transactions.cashDate}), 'YYYY-MM-DD')`,
      onOrBeforeKnownText: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where not ${afterKnown}), 0)`,
      afterKnownText: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${afterKnown}), 0)`,
    })
    .from(transactions)
    .innerJoin(origins, eq(origins.id, transactions.originId))
    .where(
      and(
        buildClientOwnedWhere(transactions, scope),
        lte(transactions.cashDate, today),
        eq(transactions.ignored, false),
        ne(origins.kind, 'credit_card'),
      ),
    )
    .groupBy(transactions.originId, sql`2`);
}

/** The distinct purchase days of a card's lines after `afterDate` (all when null). */
export async function findCardPurchaseDays(
  db: Transaction,
  originId: number,
  afterDate: string | null,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ date: transactions.date })
    .from(transactions)
    .where(and(eq(transactions.originId, originId), afterDate ? gt(transactions.date, afterDate) : undefined));
  return rows.map((row) => row.date);
}

/** Sets the cash date of a card's lines by purchase day, in one statement. */
export async function updateCardCashDates(
  db: Transaction,
  originId: number,
  cashDates: readonly { date: string; cashDate: string }[],
): Promise<void> {
  if (cashDates.length === 0) return;
  const values = sql.join(
    cashDates.map((pair) => sql`(${pair.date}::date, ${pair.cashDate}::date)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${transactions} set cash_date = moved.cash_date
    from (values ${values}) as moved(date, cash_date)
    where ${transactions.originId} = ${originId} and ${transactions.date} = moved.date
      and ${transactions.cashDate} <> moved.cash_date`);
}

/** Moves the card's lines on the bill due `fromDueDate` (those matching `condition`, when given) to the bill due `toDueDate`. */
export async function moveCardLines(
  db: Transaction,
  originId: number,
  fromDueDate: string,
  toDueDate: string,
  condition?: SQL,
): Promise<void> {
  await db
    .update(transactions)
    .set({ cashDate: toDueDate })
    .where(and(eq(transactions.originId, originId), eq(transactions.cashDate, fromDueDate), condition));
}

/** What each bill's lines add up to: ignored lines and payments of earlier bills (own transfers) do not count. */
export interface BillSumRow {
  originId: number;
  cashDate: string;
  sumText: string;
  lines: number;
}

export async function sumCardBillLines(
  db: Reader,
  scope: ClientScope,
  originIds: readonly number[],
): Promise<BillSumRow[]> {
  if (originIds.length === 0) return [];
  return db
    .select({
      originId: transactions.originId,
      cashDate: transactions.cashDate,
      sumText: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where not ${transactions.ignored} and not ${transactions.isAssetTransfer}), 0)`,
      lines: sql<number>`count(*)::int`,
    })
    .from(transactions)
    .where(and(buildClientOwnedWhere(transactions, scope), inArray(transactions.originId, originIds)))
    .groupBy(transactions.originId, transactions.cashDate);
}

/** Card lines whose name ends like an instalment ("2/6", "Parcela 2 de 6"); the domain reads them exactly. */
export async function findCardInstalmentLines(db: Reader, scope: ClientScope, originIds: readonly number[]) {
  if (originIds.length === 0) return [];
  return db
    .select({
      originId: transactions.originId,
      name: transactions.name,
      amountCents: transactions.amountCents,
      cashDate: transactions.cashDate,
    })
    .from(transactions)
    .where(
      and(
        buildClientOwnedWhere(transactions, scope),
        inArray(transactions.originId, originIds),
        eq(transactions.ignored, false),
        sql`${transactions.name} ~* '\\d{1,2}\\s*(/|de)\\s*\\d{1,2}\\s*\\)?\\s*$'`,
      ),
    );
}

export async function findCardBills(
  db: Reader,
  scope: ClientScope,
  originIds: readonly number[],
): Promise<CardBillRow[]> {
  if (originIds.length === 0) return [];
  return db
    .select()
    .from(cardBills)
    .where(and(buildClientOwnedWhere(cardBills, scope), inArray(cardBills.originId, originIds)))
    .orderBy(asc(cardBills.originId), asc(cardBills.dueDate));
}

export async function insertCardBills(
  db: Transaction,
  scope: ClientScope,
  bills: readonly { originId: number; closingDate: string; dueDate: string }[],
): Promise<void> {
  if (bills.length === 0) return;
  await db
    .insert(cardBills)
    .values(bills.map((bill) => ({ ...bill, organizationId: scope.organizationId, clientUserId: scope.clientUserId })))
    .onConflictDoNothing();
}

/** Bills of the card from `fromDueDate` on that no line is on any more and nobody paid or corrected. */
export async function deleteEmptyCardBills(
  db: Transaction,
  originId: number,
  fromDueDate: string | null,
): Promise<void> {
  await db.execute(sql`
    delete from ${cardBills} where ${cardBills.originId} = ${originId}
      ${fromDueDate ? sql`and ${cardBills.dueDate} > ${fromDueDate}` : sql``}
      and ${cardBills.paidOn} is null and ${cardBills.correctedAmountCents} is null
      and not exists (select 1 from ${transactions} where ${transactions.originId} = ${originId}
        and ${transactions.cashDate} = ${cardBills.dueDate})`);
}

/** The client's bill with this id, with its card's days and name fields. */
export async function findClientBill(db: Reader, scope: ClientScope, billId: number, options: { lock?: boolean } = {}) {
  const query = db
    .select({ bill: cardBills, card: origins })
    .from(cardBills)
    .innerJoin(origins, eq(origins.id, cardBills.originId))
    .where(and(eq(cardBills.id, billId), buildClientOwnedWhere(cardBills, scope)));
  const [row] = options.lock ? await query.for('update', { of: cardBills }) : await query;
  return row ?? null;
}

export async function findBillLines(db: Reader, scope: ClientScope, originId: number, dueDate: string) {
  return db
    .select({
      id: transactions.id,
      date: transactions.date,
      name: transactions.name,
      amountCents: transactions.amountCents,
      ignored: transactions.ignored,
    })
    .from(transactions)
    .where(
      and(
        buildClientOwnedWhere(transactions, scope),
        eq(transactions.originId, originId),
        eq(transactions.cashDate, dueDate),
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.id));
}

export async function updateCardBill(
  db: Transaction,
  billId: number,
  changes: Partial<
    Pick<CardBillRow, 'closingDate' | 'dueDate' | 'correctedAmountCents' | 'paidOn' | 'paymentTransactionId'>
  >,
): Promise<void> {
  await db.update(cardBills).set(changes).where(eq(cardBills.id, billId));
}

/** Whether another bill of the card is due on that day. */
export async function hasCardBillDueOn(db: Transaction, originId: number, dueDate: string, exceptBillId: number) {
  const [row] = await db
    .select({ id: cardBills.id })
    .from(cardBills)
    .where(and(eq(cardBills.originId, originId), eq(cardBills.dueDate, dueDate), ne(cardBills.id, exceptBillId)));
  return row !== undefined;
}

/** The card's stored bill due right after this one (which may be due on a new `dueDate` already). */
export async function findNextCardBill(
  db: Transaction,
  bill: { id: number; originId: number; dueDate: string },
): Promise<CardBillRow | null> {
  const [row] = await db
    .select()
    .from(cardBills)
    .where(and(eq(cardBills.originId, bill.originId), gt(cardBills.dueDate, bill.dueDate), ne(cardBills.id, bill.id)))
    .orderBy(asc(cardBills.dueDate))
    .limit(1);
  return row ?? null;
}

/** The card's stored bill due right before this one. */
export async function findPreviousCardBill(
  db: Transaction,
  bill: { id: number; originId: number; dueDate: string },
): Promise<CardBillRow | null> {
  const [row] = await db
    .select()
    .from(cardBills)
    .where(and(eq(cardBills.originId, bill.originId), lt(cardBills.dueDate, bill.dueDate), ne(cardBills.id, bill.id)))
    .orderBy(desc(cardBills.dueDate))
    .limit(1);
  return row ?? null;
}

/**
 * Outgoing lines of the client's accounts (cards apart) between two days that no bill holds as its
 * payment yet: the candidates to pay a closed bill.
 */
export async function findBillPaymentCandidates(
  db: Reader,
  scope: ClientScope,
  window: { start: string; end: string },
) {
  return db
    .select({ id: transactions.id, cashDate: transactions.cashDate, amountCents: transactions.amountCents })
    .from(transactions)
    .innerJoin(origins, eq(origins.id, transactions.originId))
    .leftJoin(cardBills, eq(cardBills.paymentTransactionId, transactions.id))
    .where(
      and(
        buildClientOwnedWhere(transactions, scope),
        ne(origins.kind, 'credit_card'),
        gte(transactions.cashDate, window.start),
        lte(transactions.cashDate, window.end),
        sql`${transactions.amountCents} < 0`,
        eq(transactions.ignored, false),
        isNull(cardBills.id),
      ),
    )
    .orderBy(asc(transactions.cashDate), asc(transactions.id));
}

/** A bill's payment moves money between the client's own accounts: neither income nor expense. */
export async function markLineAsOwnTransfer(db: Transaction, scope: ClientScope, transactionId: number): Promise<void> {
  await db
    .update(transactions)
    .set({ isAssetTransfer: true })
    .where(and(eq(transactions.id, transactionId), buildClientOwnedWhere(transactions, scope)));
}

/** Holds the client's bills while they are put in order, so two calls at once do not match one payment twice. */
export async function lockClientBills(db: Transaction, scope: ClientScope): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`card-bills:${scope.clientUserId}`}, 0))`);
}
