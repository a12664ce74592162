import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { managingPartners } from '../../db/schema';

export type ManagingPartnerRow = typeof managingPartners.$inferSelect;

export interface ManagingPartnerColumns {
  name: string;
  email: string;
  cpf: string;
  cnpj: string | null;
  birthdate: string;
  phone: string;
  street: string;
  streetNumber: string;
  complementary: string | null;
  neighborhood: string;
  city: string;
  state: string;
  zipcode: string;
}

export async function findManagingPartnerRows(db: Database, organizationId: number): Promise<ManagingPartnerRow[]> {
  return db
    .select()
    .from(managingPartners)
    .where(eq(managingPartners.organizationId, organizationId))
    .orderBy(asc(managingPartners.id));
}

export async function insertManagingPartner(
  transaction: Transaction,
  organizationId: number,
  columns: ManagingPartnerColumns,
): Promise<ManagingPartnerRow> {
  const [created] = await transaction
    .insert(managingPartners)
    .values({ ...columns, organizationId })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new managing partner');
  return created;
}

/** The changed partner, or null when the organization has no partner of this id. */
export async function updateManagingPartner(
  db: Database,
  organizationId: number,
  partnerId: number,
  columns: ManagingPartnerColumns,
): Promise<ManagingPartnerRow | null> {
  const [updated] = await db
    .update(managingPartners)
    .set({ ...columns, updatedAt: sql`now()` })
    .where(and(eq(managingPartners.id, partnerId), eq(managingPartners.organizationId, organizationId)))
    .returning();
  return updated ?? null;
}
