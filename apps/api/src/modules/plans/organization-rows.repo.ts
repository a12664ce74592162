import { count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../../db/database';
import { organizations } from '../../db/schema';

/** A table whose rows belong to one organization (plans, bank accounts, managing partners). */
export interface OrganizationOwnedTable {
  organizationId: PgColumn;
}

/**
 * How many rows of the table the organization has, its row held until the transaction ends: two
 * creations at once count in turn, so a cap cannot be passed and a first bank account is the default once.
 */
export async function countRowsHoldingOrganization(
  transaction: Transaction,
  table: PgTable & OrganizationOwnedTable,
  organizationId: number,
): Promise<number> {
  await transaction
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
  const [row] = await transaction
    .select({ total: count() })
    .from(table)
    .where(eq(table.organizationId, organizationId));
  return row?.total ?? 0;
}
