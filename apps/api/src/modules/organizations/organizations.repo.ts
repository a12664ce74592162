import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import { and, count, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { organizationFeatures, organizations, profiles, users } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;
type Executor = Database | Transaction;

export interface OrganizationWithFeatures {
  organization: OrganizationRow;
  featureCodes: string[];
}

export async function findOrganizationBySlug(db: Database, slug: string): Promise<OrganizationWithFeatures | null> {
  // Whatever came in the address: only something shaped like a slug reaches the database.
  if (!OrganizationSlugSchema.safeParse(slug).success) return null;
  const [organization] = await db.select().from(organizations).where(eq(organizations.slug, slug.toLowerCase()));
  if (!organization) return null;
  return { organization, featureCodes: await findFeatureCodes(db, organization.id) };
}

export async function findOrganizationById(db: Database, id: number): Promise<OrganizationWithFeatures | null> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!organization) return null;
  return { organization, featureCodes: await findFeatureCodes(db, organization.id) };
}

async function findFeatureCodes(db: Database, organizationId: number): Promise<string[]> {
  const rows = await db
    .select({ code: organizationFeatures.code })
    .from(organizationFeatures)
    .where(eq(organizationFeatures.organizationId, organizationId))
    .orderBy(organizationFeatures.code);
  return rows.map((row) => row.code);
}

export async function updateOrganization(
  db: Database,
  organizationId: number,
  changes: Partial<typeof organizations.$inferInsert>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(organizations).set(changes).where(eq(organizations.id, organizationId));
}

export type NewOrganization = Pick<
  typeof organizations.$inferInsert,
  'slug' | 'name' | 'corporateName' | 'cnpj' | 'primaryColor' | 'secondaryColor' | 'registrationTokenHash'
>;

/** An organization with these features on, in the caller's transaction; its id. */
export async function insertOrganization(
  db: Executor,
  organization: NewOrganization,
  featureCodes: readonly string[],
): Promise<number> {
  const [created] = await db.insert(organizations).values(organization).returning({ id: organizations.id });
  if (!created) throw new Error('organization not created');
  await db.insert(organizationFeatures).values(featureCodes.map((code) => ({ organizationId: created.id, code })));
  return created.id;
}

/**
 * Ends the first-manager registration of the organization this token hash opens; false when another
 * request ended it first (in the registration's transaction, only one of them succeeds).
 */
export async function clearRegistrationToken(db: Executor, registrationTokenHash: string): Promise<boolean> {
  const cleared = await db
    .update(organizations)
    .set({ registrationTokenHash: null })
    .where(eq(organizations.registrationTokenHash, registrationTokenHash))
    .returning({ id: organizations.id });
  return cleared.length > 0;
}

/** How many clients the organization has (a trial's limit counts them). */
export async function countOrganizationClients(db: Executor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(users.organizationId, organizationId), eq(profiles.accessLevel, 'client')));
  return row?.total ?? 0;
}
