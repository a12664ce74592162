import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { bankAccounts, managingPartners } from '../../db/schema';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** What a manager sets; which account is the default is the service's to decide. */
export interface BankAccountColumns {
  holderName: string;
  holderType: 'individual' | 'company';
  holderDocument: string;
  bank: string;
  branchNumber: string;
  branchCheckDigit: string | null;
  accountNumber: string;
  accountCheckDigit: string;
  type: 'checking' | 'savings';
}

/** The organization's accounts, the default first. */
export async function findBankAccounts(db: Database, organizationId: number): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.organizationId, organizationId))
    .orderBy(desc(bankAccounts.isDefault), asc(bankAccounts.id));
}

export async function findDefaultBankAccountRow(db: Database, organizationId: number): Promise<BankAccountRow | null> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.organizationId, organizationId), eq(bankAccounts.isDefault, true)));
  return row ?? null;
}

export async function findBankAccountForChange(
  transaction: Transaction,
  organizationId: number,
  accountId: number,
): Promise<BankAccountRow | null> {
  const [row] = await transaction
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.organizationId, organizationId)))
    .for('update');
  return row ?? null;
}

/** Takes the default away from every other account of the organization (one default at most, by index). */
export async function clearOtherDefaults(
  transaction: Transaction,
  organizationId: number,
  keptAccountId: number | null,
): Promise<void> {
  await transaction
    .update(bankAccounts)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(bankAccounts.organizationId, organizationId),
        eq(bankAccounts.isDefault, true),
        keptAccountId === null ? undefined : ne(bankAccounts.id, keptAccountId),
      ),
    );
}

export async function insertBankAccount(
  transaction: Transaction,
  organizationId: number,
  columns: BankAccountColumns,
  isDefault: boolean,
): Promise<BankAccountRow> {
  const [created] = await transaction
    .insert(bankAccounts)
    .values({ ...columns, organizationId, isDefault })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new bank account');
  return created;
}

export async function updateBankAccount(
  transaction: Transaction,
  organizationId: number,
  accountId: number,
  columns: BankAccountColumns,
  isDefault: boolean,
): Promise<BankAccountRow> {
  const [updated] = await transaction
    .update(bankAccounts)
    .set({ ...columns, isDefault, updatedAt: sql`now()` })
    .where(and(eq(bankAccounts.id, accountId), eq(bankAccounts.organizationId, organizationId)))
    .returning();
  if (!updated) throw new Error('UPDATE … RETURNING gave no row for a bank account held in the transaction');
  return updated;
}

/** The last change to the organization's bank accounts or managing partners (null with none): what its gateway recipient is made of. */
export async function findLatestBankDataChange(db: Database, organizationId: number): Promise<Date | null> {
  const [row] = await db
    .execute<{ changed_at: Date | string | null }>(sql`
    select greatest(
      (select max(${bankAccounts.updatedAt}) from ${bankAccounts} where ${bankAccounts.organizationId} = ${organizationId}),
      (select max(${managingPartners.updatedAt}) from ${managingPartners} where ${managingPartners.organizationId} = ${organizationId})
    ) as changed_at`)
    .then((result) => result.rows);
  const changedAt = row?.changed_at ?? null;
  return changedAt === null ? null : new Date(changedAt);
}
