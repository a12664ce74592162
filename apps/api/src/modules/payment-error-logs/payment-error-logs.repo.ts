import { lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { paymentErrorLogs } from '../../db/schema';

export type PaymentErrorLogRow = typeof paymentErrorLogs.$inferSelect;

/** Stores a report whose card data is already removed; organization and user come from the session. */
export async function insertPaymentErrorLog(
  db: Database,
  fields: { organizationId: number; userId: number; type: string; error: unknown; request: unknown },
): Promise<PaymentErrorLogRow> {
  const [created] = await db.insert(paymentErrorLogs).values(fields).returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a payment error log');
  return created;
}

/** Removes the reports made before `cutoff`; answers how many went. */
export async function deletePaymentErrorLogsBefore(db: Database, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(paymentErrorLogs)
    .where(lt(paymentErrorLogs.createdAt, cutoff))
    .returning({ id: paymentErrorLogs.id });
  return removed.length;
}
