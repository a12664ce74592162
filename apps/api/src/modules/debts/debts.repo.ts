import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { debts } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

export type DebtRow = typeof debts.$inferSelect;

/** The fields a client sets; organization and client come from the call. */
export interface DebtFields {
  name: string;
  balanceCents: number;
  monthlyPaymentCents: number;
  installmentsLeft: number | null;
  interestRateTenThousandths: number;
}

export async function findDebts(db: Database, scope: ClientScope): Promise<DebtRow[]> {
  return db.select().from(debts).where(buildClientOwnedWhere(debts, scope)).orderBy(asc(debts.id));
}

export async function insertDebt(db: Transaction, scope: ClientScope, fields: DebtFields): Promise<DebtRow> {
  const [created] = await db
    .insert(debts)
    .values({ ...fields, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new debt');
  return created;
}

/** The changed debt, or null when it is not one of the scope's client. */
export async function updateDebt(
  db: Database,
  scope: ClientScope,
  debtId: number,
  changes: Partial<DebtFields>,
): Promise<DebtRow | null> {
  const [updated] = await db
    .update(debts)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(debts.id, debtId), buildClientOwnedWhere(debts, scope)))
    .returning();
  return updated ?? null;
}

/** Whether a debt of the scope's client was found and deleted. */
export async function deleteDebt(db: Database, scope: ClientScope, debtId: number): Promise<boolean> {
  const deleted = await db
    .delete(debts)
    .where(and(eq(debts.id, debtId), buildClientOwnedWhere(debts, scope)))
    .returning({ id: debts.id });
  return deleted.length > 0;
}
