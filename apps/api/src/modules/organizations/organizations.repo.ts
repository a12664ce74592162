import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { organizationFeatures, organizations } from '../../db/schema';

export type OrganizationRow = typeof organizations.$inferSelect;

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
