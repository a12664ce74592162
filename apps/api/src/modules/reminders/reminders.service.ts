import type { Reminder, ReminderWithOccurrences } from '@prumo/contract/reminders';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import {
  buildReminderMatcher,
  convertDayToNumber,
  convertNumberToDay,
  findNextUnpaidOccurrence,
  findPaidOccurrences,
  listTitleWords,
  type PaidOccurrence,
  type PayableReminder,
  paymentWindow,
} from '@prumo/domain/reminders/bill-matching';
import {
  findRecurringBills,
  findRecurringWindowStart,
  recurringBillRules,
} from '@prumo/domain/reminders/recurring-bills';
import { listReminderOccurrences } from '@prumo/domain/reminders/reminder-occurrences';
import { billReminders } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound } from '../../lib/domain-errors';
import { type ClientScope, countRowsHoldingClient } from '../../lib/scope';
import {
  type BillReminderChanges,
  type BillReminderFields,
  type BillReminderRow,
  deleteBillReminder,
  findBillReminders,
  findPaymentLines,
  findRecurringCandidateLines,
  insertBillReminder,
  insertProposedReminders,
  updateBillReminder,
} from './reminders.repo';

/** A client's bills are a few dozen; the cap keeps one client's list (36 dates each) small. */
export const maximumRemindersPerClient = 200;

export const reminderMessages = {
  notFound: 'Lembrete não encontrado.',
  tooMany: `Limite de ${maximumRemindersPerClient} lembretes atingido: apague um para criar outro.`,
};

function presentReminder(row: BillReminderRow): Reminder {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    reminder_date: row.reminderDate,
    periodicity: row.periodicity,
    type: row.type,
    status: row.status,
    amount: row.amountCents,
    user_reminder: row.userReminder,
    cashflow_reminder: row.cashflowReminder,
  };
}

/**
 * Which occurrences of the client's reminders are paid, and by which line: the lines that may pay
 * them are read in one scoped statement, from 10 days before the first occurrence to 5 days after
 * the last, and matched by the domain's rule (ADR 23).
 */
export async function matchReminderPayments(
  deps: AppDependencies,
  scope: ClientScope,
  rows: readonly BillReminderRow[],
): Promise<Map<number, PaidOccurrence[]>> {
  const reminders: PayableReminder[] = rows.map((row) => ({
    id: row.id,
    merchantKey: row.merchantKey,
    title: row.title,
    amountCents: row.amountCents,
    occurrences: listReminderOccurrences(row.reminderDate, row.periodicity),
  }));
  const dates = reminders.flatMap((reminder) => reminder.occurrences).sort();
  const first = dates[0];
  const last = dates.at(-1);
  if (!first || !last) return new Map();
  const lines = await findPaymentLines(deps.db, scope, {
    from: convertNumberToDay(convertDayToNumber(first) - paymentWindow.daysBefore),
    to: convertNumberToDay(convertDayToNumber(last) + paymentWindow.daysAfter),
    merchantKeys: [...new Set(rows.flatMap((row) => (row.merchantKey ? [row.merchantKey] : [])))],
    titleWords: [...new Set(rows.flatMap((row) => (row.merchantKey ? [] : listTitleWords(row.title))))],
  });
  return findPaidOccurrences(reminders, lines);
}

/**
 * The client's reminders, each with its due dates, whether a line paid each of them, and the next
 * one to pay: the first unpaid from today (in Brazil) on.
 */
export async function listReminders(deps: AppDependencies, scope: ClientScope): Promise<ReminderWithOccurrences[]> {
  const today = findTodayInBrazil(new Date());
  const rows = await findBillReminders(deps.db, scope);
  const payments = await matchReminderPayments(deps, scope, rows);
  return rows.map((row) => {
    const occurrences = payments.get(row.id) ?? [];
    return {
      ...presentReminder(row),
      occurrences: occurrences.map(({ date, paid, lineId }) => ({ date, paid, line_id: lineId })),
      next_occurrence: findNextUnpaidOccurrence(occurrences, today),
    };
  });
}

export async function createReminder(
  deps: AppDependencies,
  scope: ClientScope,
  fields: BillReminderFields,
): Promise<Reminder> {
  const created = await deps.db.transaction(async (transaction) => {
    if ((await countRowsHoldingClient(transaction, billReminders, scope)) >= maximumRemindersPerClient) {
      failInvalid(reminderMessages.tooMany);
    }
    return insertBillReminder(transaction, scope, fields);
  });
  return presentReminder(created);
}

/** What the recommender writes in a proposal's notes, so the client sees why it was proposed. */
function describeProposal(monthsFound: number, dueDay: number): string {
  return `Sugestão do Prumo: ${monthsFound} pagamentos parecidos nos últimos ${recurringBillRules.lookbackMonths} meses, por volta do dia ${dueDay}.`;
}

/**
 * Proposes a reminder for each monthly bill found in the client's lines of the last year, except at
 * merchants the client dismissed or that a reminder already covers (its merchant, or the words of
 * a typed reminder's title). Proposals wait, PROPOSED, for the client to accept (PUT status ACTIVE)
 * or dismiss (DELETE) them. Answers only what this run added: running it again adds nothing.
 */
export async function proposeReminders(deps: AppDependencies, scope: ClientScope): Promise<Reminder[]> {
  const today = findTodayInBrazil(new Date());
  const lines = await findRecurringCandidateLines(deps.db, scope, findRecurringWindowStart(today), today);
  const bills = findRecurringBills(lines, today);
  if (bills.length === 0) return [];
  const created = await deps.db.transaction(async (transaction) => {
    const held = await countRowsHoldingClient(transaction, billReminders, scope);
    const coveredBy = (await findBillReminders(transaction, scope)).map(buildReminderMatcher);
    const fresh = bills.filter((bill) => !coveredBy.some((matches) => matches(bill.merchantKey)));
    if (fresh.length === 0) return [];
    const room = maximumRemindersPerClient - held;
    if (room <= 0) failInvalid(reminderMessages.tooMany);
    return insertProposedReminders(
      transaction,
      scope,
      fresh.slice(0, room).map((bill) => ({
        title: bill.title,
        content: describeProposal(bill.monthsFound, bill.dueDay),
        reminderDate: bill.reminderDate,
        periodicity: 'MONTHLY',
        amountCents: bill.amountCents,
        // What an accepted reminder does; nothing is sent or shown while it is only proposed.
        userReminder: true,
        cashflowReminder: true,
        merchantKey: bill.merchantKey,
      })),
    );
  });
  return created.map(presentReminder);
}

export async function changeReminder(
  deps: AppDependencies,
  scope: ClientScope,
  reminderId: number,
  changes: BillReminderChanges,
): Promise<Reminder> {
  const updated = await updateBillReminder(deps.db, scope, reminderId, changes);
  if (!updated) failNotFound(reminderMessages.notFound);
  return presentReminder(updated);
}

export async function deleteReminder(deps: AppDependencies, scope: ClientScope, reminderId: number): Promise<void> {
  if (!(await deleteBillReminder(deps.db, scope, reminderId))) failNotFound(reminderMessages.notFound);
}
