import type { PaymentLine } from '@prumo/domain/reminders/bill-matching';
import type { ExpenseLine } from '@prumo/domain/reminders/recurring-bills';
import { recurringBillRules } from '@prumo/domain/reminders/recurring-bills';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import {
  billReminderNotices,
  billReminders,
  dismissedBillMerchants,
  origins,
  transactions,
  users,
} from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

type Executor = Database | Transaction;

export type BillReminderRow = typeof billReminders.$inferSelect;

/** The fields a client sets; organization, client and type come from the call. */
export interface BillReminderFields {
  title: string;
  content: string | null;
  reminderDate: string;
  periodicity: BillReminderRow['periodicity'];
  amountCents: number | null;
  userReminder: boolean;
  cashflowReminder: boolean;
}

export async function findBillReminders(db: Executor, scope: ClientScope): Promise<BillReminderRow[]> {
  return db
    .select()
    .from(billReminders)
    .where(buildClientOwnedWhere(billReminders, scope))
    .orderBy(asc(billReminders.reminderDate), asc(billReminders.id));
}

export async function insertBillReminder(
  db: Database | Transaction,
  scope: ClientScope,
  fields: BillReminderFields,
): Promise<BillReminderRow> {
  const [created] = await db
    .insert(billReminders)
    .values({ ...fields, organizationId: scope.organizationId, clientUserId: scope.clientUserId, type: 'USER' })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new bill reminder');
  return created;
}

/** What a change may set: the client's fields, and ACTIVE to accept a proposal. */
export type BillReminderChanges = Partial<BillReminderFields> & { status?: 'ACTIVE' };

/** A reminder the recommender proposes: its merchant and status come with it. */
export interface ProposedReminderFields extends BillReminderFields {
  merchantKey: string;
}

/** Adds the proposals; a merchant that already has a reminder (another run got there first) adds nothing. */
export async function insertProposedReminders(
  transaction: Transaction,
  scope: ClientScope,
  proposals: ProposedReminderFields[],
): Promise<BillReminderRow[]> {
  if (proposals.length === 0) return [];
  return transaction
    .insert(billReminders)
    .values(
      proposals.map((fields) => ({
        ...fields,
        organizationId: scope.organizationId,
        clientUserId: scope.clientUserId,
        type: 'RECOMMENDER' as const,
        status: 'PROPOSED' as const,
      })),
    )
    .onConflictDoNothing()
    .returning();
}

/**
 * The client's lines a bill can be: expenses of the cash flow (no ignored line, no own transfer, no
 * line of an ignored account) with a readable merchant.
 */
function buildBillLinesWhere(db: Database, scope: ClientScope): SQL {
  return and(
    buildClientOwnedWhere(transactions, scope),
    lt(transactions.amountCents, 0),
    eq(transactions.ignored, false),
    eq(transactions.isAssetTransfer, false),
    ne(transactions.merchantKey, ''),
    notInArray(
      transactions.originId,
      db
        .select({ id: origins.id })
        .from(origins)
        .where(and(buildClientOwnedWhere(origins, scope), eq(origins.ignored, true))),
    ),
  ) as SQL;
}

/**
 * The client's expense lines from `windowStart` to `today` at the merchants that may hold a monthly
 * bill, in one statement: the cash flow's lines (no ignored line, no own transfer, no line of an
 * ignored account), at merchants seen in at least the rule's minimum of months and not shopped at
 * more than its maximum a month (both necessary for the domain's rule, so the rest is never sent
 * over), leaving out merchants the client dismissed or that already have a reminder.
 */
export async function findRecurringCandidateLines(
  db: Database,
  scope: ClientScope,
  windowStart: string,
  today: string,
): Promise<ExpenseLine[]> {
  // A date truncated as a timestamp without zone: no time-zone arithmetic per line.
  const month = sql`date_trunc('month', ${transactions.date}::timestamp)`;
  // Window functions, not a join to a grouped list: one sorted pass whatever the table's statistics
  // say (a join planned on stale statistics right after an import ran the grouping once per line).
  const ranked = db
    .select({
      id: transactions.id,
      date: transactions.date,
      amountCents: transactions.amountCents,
      name: transactions.name,
      merchantKey: transactions.merchantKey,
      monthRank: sql<number>`dense_rank() over (partition by ${transactions.merchantKey} order by ${month})`.as(
        'month_rank',
      ),
    })
    .from(transactions)
    .where(
      and(
        buildBillLinesWhere(db, scope),
        // A card purchase's cash date is never before its purchase: this bound lets the index narrow the read.
        gte(transactions.cashDate, windowStart),
        gte(transactions.date, windowStart),
        lte(transactions.date, today),
        notInArray(
          transactions.merchantKey,
          db
            .select({ merchantKey: dismissedBillMerchants.merchantKey })
            .from(dismissedBillMerchants)
            .where(buildClientOwnedWhere(dismissedBillMerchants, scope)),
        ),
        notInArray(
          transactions.merchantKey,
          db
            .select({ merchantKey: billReminders.merchantKey })
            .from(billReminders)
            .where(and(buildClientOwnedWhere(billReminders, scope), isNotNull(billReminders.merchantKey))),
        ),
      ),
    )
    .as('ranked');
  const counted = db
    .select({
      id: ranked.id,
      date: ranked.date,
      amountCents: ranked.amountCents,
      name: ranked.name,
      merchantKey: ranked.merchantKey,
      months: sql<number>`max(${ranked.monthRank}) over (partition by ${ranked.merchantKey})`.as('months'),
      lines: sql<number>`count(*) over (partition by ${ranked.merchantKey})`.as('lines'),
    })
    .from(ranked)
    .as('counted');
  return db
    .select({
      id: counted.id,
      date: counted.date,
      amountCents: counted.amountCents,
      name: counted.name,
      merchantKey: counted.merchantKey,
    })
    .from(counted)
    .where(
      sql`${counted.months} >= ${recurringBillRules.minimumMonths} and ${counted.lines} <= ${recurringBillRules.maximumLinesPerMonth} * ${counted.months}`,
    )
    .orderBy(asc(counted.date), asc(counted.id));
}

/** What may pay the reminders: their merchants, and the words of the typed ones' titles. */
export interface PaymentLinesQuery {
  from: string;
  to: string;
  merchantKeys: string[];
  titleWords: string[];
}

/**
 * The client's expense lines from `from` to `to` that may pay a reminder, in one statement: at one
 * of the merchants, or holding one of the title words (the domain then checks every word).
 */
export async function findPaymentLines(
  db: Database,
  scope: ClientScope,
  query: PaymentLinesQuery,
): Promise<PaymentLine[]> {
  if (query.merchantKeys.length === 0 && query.titleWords.length === 0) return [];
  return db
    .select({
      id: transactions.id,
      date: transactions.date,
      amountCents: transactions.amountCents,
      merchantKey: transactions.merchantKey,
    })
    .from(transactions)
    .where(
      and(
        buildBillLinesWhere(db, scope),
        gte(transactions.cashDate, query.from),
        gte(transactions.date, query.from),
        lte(transactions.date, query.to),
        or(
          query.merchantKeys.length ? inArray(transactions.merchantKey, query.merchantKeys) : undefined,
          query.titleWords.length
            ? sql`string_to_array(${transactions.merchantKey}, ' ') && ${sql.param(query.titleWords)}::text[]`
            : undefined,
        ),
      ),
    )
    .orderBy(asc(transactions.date), asc(transactions.id));
}

/** The changed reminder, or null when it is not one of the scope's client. */
export async function updateBillReminder(
  db: Database,
  scope: ClientScope,
  reminderId: number,
  changes: BillReminderChanges,
): Promise<BillReminderRow | null> {
  const [updated] = await db
    .update(billReminders)
    .set(changes)
    .where(and(eq(billReminders.id, reminderId), buildClientOwnedWhere(billReminders, scope)))
    .returning();
  return updated ?? null;
}

/**
 * Deletes a reminder of the scope's client and, when the recommender found it on a merchant,
 * remembers the merchant as dismissed in the same transaction. False when no such reminder.
 */
export async function deleteBillReminder(db: Database, scope: ClientScope, reminderId: number): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const [deleted] = await transaction
      .delete(billReminders)
      .where(and(eq(billReminders.id, reminderId), buildClientOwnedWhere(billReminders, scope)))
      .returning({ merchantKey: billReminders.merchantKey });
    if (!deleted) return false;
    if (deleted.merchantKey) {
      await transaction
        .insert(dismissedBillMerchants)
        .values({
          organizationId: scope.organizationId,
          clientUserId: scope.clientUserId,
          merchantKey: deleted.merchantKey,
        })
        .onConflictDoNothing();
    }
    return true;
  });
}

/** A reminder the daily job may send, with its client's address. */
export interface ReminderToNotify {
  reminder: BillReminderRow;
  client: { email: string; firstName: string };
}

/**
 * Every organization's ACTIVE reminders with `user_reminder` on that may fall due by `lastDay`:
 * first date on or before it and at most three years before it (the occurrences' horizon, ADR 19).
 * The job reads across clients, so it is the one query here without a client scope.
 */
export async function findRemindersToNotify(
  db: Database,
  lastDay: string,
  earliestFirstDate: string,
): Promise<ReminderToNotify[]> {
  return db
    .select({ reminder: billReminders, client: { email: users.email, firstName: users.firstName } })
    .from(billReminders)
    .innerJoin(
      users,
      and(eq(users.id, billReminders.clientUserId), eq(users.organizationId, billReminders.organizationId)),
    )
    .where(
      and(
        eq(billReminders.status, 'ACTIVE'),
        eq(billReminders.userReminder, true),
        lte(billReminders.reminderDate, lastDay),
        gte(billReminders.reminderDate, earliestFirstDate),
      ),
    )
    .orderBy(asc(billReminders.clientUserId), asc(billReminders.id));
}

/**
 * Claims the sending of one occurrence on one channel: true when this call wrote the record, false
 * when it was sent (or is being sent, by a transaction still open) already. Inside the sending
 * transaction, so a failed send leaves no record and is tried again.
 */
export async function claimReminderNotice(
  transaction: Transaction,
  notice: { reminderId: number; occurrenceDate: string; channel: 'email' },
): Promise<boolean> {
  const claimed = await transaction
    .insert(billReminderNotices)
    .values(notice)
    .onConflictDoNothing()
    .returning({ reminderId: billReminderNotices.reminderId });
  return claimed.length > 0;
}
