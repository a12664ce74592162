import type { Reminder, ReminderWithOccurrences } from '@prumo/contract/reminders';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findNextOccurrence, listReminderOccurrences } from '@prumo/domain/reminders/reminder-occurrences';
import { billReminders } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound } from '../../lib/domain-errors';
import { type ClientScope, countRowsHoldingClient } from '../../lib/scope';
import {
  type BillReminderFields,
  type BillReminderRow,
  deleteBillReminder,
  findBillReminders,
  insertBillReminder,
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

export async function changeReminder(
  deps: AppDependencies,
  scope: ClientScope,
  reminderId: number,
  changes: Partial<BillReminderFields>,
): Promise<Reminder> {
  const updated = await updateBillReminder(deps.db, scope, reminderId, changes);
  if (!updated) failNotFound(reminderMessages.notFound);
  return presentReminder(updated);
}

export async function deleteReminder(deps: AppDependencies, scope: ClientScope, reminderId: number): Promise<void> {
  if (!(await deleteBillReminder(deps.db, scope, reminderId))) failNotFound(reminderMessages.notFound);
}
