import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { helpArticles, helpPreferences } from '../../db/schema';

export type StoredHelpArticle = typeof helpArticles.$inferSelect;

/** The organization's own articles (all, or the one of a screen). */
export async function findOrganizationArticles(
  db: Database,
  organizationId: number,
  slug?: string,
): Promise<StoredHelpArticle[]> {
  return db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.organizationId, organizationId), slug ? eq(helpArticles.slug, slug) : undefined));
}

export async function saveOrganizationArticle(
  db: Database,
  values: Omit<typeof helpArticles.$inferInsert, 'id' | 'updatedAt'>,
): Promise<StoredHelpArticle> {
  const { organizationId: _organization, slug: _slug, ...change } = values;
  const [saved] = await db
    .insert(helpArticles)
    .values(values)
    .onConflictDoUpdate({
      target: [helpArticles.organizationId, helpArticles.slug],
      set: { ...change, updatedAt: new Date() },
    })
    .returning();
  if (!saved) throw new Error('help article not saved');
  return saved;
}

/** Removes the organization's version of a screen's article; Prumo's shows again. */
export async function deleteOrganizationArticle(db: Database, organizationId: number, slug: string): Promise<void> {
  await db
    .delete(helpArticles)
    .where(and(eq(helpArticles.organizationId, organizationId), eq(helpArticles.slug, slug)));
}

export async function findHiddenArticleSlugs(db: Database, userId: number): Promise<Set<string>> {
  const rows = await db
    .select({ slug: helpPreferences.articleSlug })
    .from(helpPreferences)
    .where(eq(helpPreferences.userId, userId));
  return new Set(rows.map((row) => row.slug));
}

export async function hideArticleForUser(db: Database, userId: number, slug: string): Promise<void> {
  await db.insert(helpPreferences).values({ userId, articleSlug: slug }).onConflictDoNothing();
}
