import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { billReminders } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

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

export async function findBillReminders(db: Database, scope: ClientScope): Promise<BillReminderRow[]> {
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

/** The changed reminder, or null when it is not one of the scope's client. */
export async function updateBillReminder(
  db: Database,
  scope: ClientScope,
  reminderId: number,
  changes: Partial<BillReminderFields>,
): Promise<BillReminderRow | null> {
  const [updated] = await db
    .update(billReminders)
    .set(changes)
    .where(and(eq(billReminders.id, reminderId), buildClientOwnedWhere(billReminders, scope)))
    .returning();
  return updated ?? null;
}

/** Whether a reminder of the scope's client was found and deleted. */
export async function deleteBillReminder(db: Database, scope: ClientScope, reminderId: number): Promise<boolean> {
  const deleted = await db
    .delete(billReminders)
    .where(and(eq(billReminders.id, reminderId), buildClientOwnedWhere(billReminders, scope)))
    .returning({ id: billReminders.id });
  return deleted.length > 0;
}
