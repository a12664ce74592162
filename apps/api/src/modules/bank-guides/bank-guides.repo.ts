import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bankGuides } from '../../db/schema';

export type StoredGuideStep = { text: string; image: string };

/** The organization's own guides, by bank code. */
export async function findOrganizationGuides(
  db: Database,
  organizationId: number,
): Promise<Map<string, StoredGuideStep[]>> {
  const rows = await db
    .select({ bankCode: bankGuides.bankCode, steps: bankGuides.steps })
    .from(bankGuides)
    .where(eq(bankGuides.organizationId, organizationId));
  return new Map(rows.map((row) => [row.bankCode, row.steps]));
}

export async function saveOrganizationGuide(
  db: Database,
  guide: { organizationId: number; bankCode: string; steps: StoredGuideStep[]; userId: number },
): Promise<void> {
  await db
    .insert(bankGuides)
    .values({
      organizationId: guide.organizationId,
      bankCode: guide.bankCode,
      steps: guide.steps,
      updatedByUserId: guide.userId,
    })
    .onConflictDoUpdate({
      target: [bankGuides.organizationId, bankGuides.bankCode],
      set: { steps: guide.steps, updatedByUserId: guide.userId, updatedAt: new Date() },
    });
}

/** Goes back to Prumo's guide; whether the organization had one of its own. */
export async function deleteOrganizationGuide(
  db: Database,
  organizationId: number,
  bankCode: string,
): Promise<boolean> {
  const removed = await db
    .delete(bankGuides)
    .where(and(eq(bankGuides.organizationId, organizationId), eq(bankGuides.bankCode, bankCode)))
    .returning({ bankCode: bankGuides.bankCode });
  return removed.length > 0;
}
