import type { Reminder, ReminderWithOccurrences } from '@prumo/contract/reminders';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { buildReminderMatcher } from '@prumo/domain/reminders/bill-matching';
import { findRecurringBills, findRecurringWindowStart } from '@prumo/domain/reminders/recurring-bills';
import { findNextOccurrence, listReminderOccurrences } from '@prumo/domain/reminders/reminder-occurrences';
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

/** The client's reminders, each with its due dates and the next one from today (in Brazil) on. */
export async function listReminders(deps: AppDependencies, scope: ClientScope): Promise<ReminderWithOccurrences[]> {
  const today = findTodayInBrazil(new Date());
  return (await findBillReminders(deps.db, scope)).map((row) => {
    const occurrences = listReminderOccurrences(row.reminderDate, row.periodicity);
    return { ...presentReminder(row), occurrences, next_occurrence: findNextOccurrence(occurrences, today) };
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
  return `Sugestão do Prumo: ${monthsFound} pagamentos parecidos nos últimos 12 meses, por volta do dia ${dueDay}.`;
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
