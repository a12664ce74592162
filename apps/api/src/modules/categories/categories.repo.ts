import { type CategoryKind, defaultCategories } from '@prumo/domain/categorization/default-categories';
import { buildContainsPattern } from '@prumo/domain/records/search-text';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { categories, descriptions, organizations } from '../../db/schema';

type Executor = Database | Transaction;

/** Gives an organization the default tree (product categories a planner expects on day one). */
export async function insertDefaultCategories(db: Executor, organizationId: number): Promise<void> {
  const created = await db
    .insert(categories)
    .values(
      defaultCategories.map((category, position) => ({
        organizationId,
        name: category.name,
        kind: category.kind,
        position,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: categories.id, name: categories.name });
  const idsByName = new Map(created.map((row) => [row.name, row.id]));
  const rows = defaultCategories.flatMap((category) => {
    const categoryId = idsByName.get(category.name);
    return categoryId === undefined
      ? []
      : category.descriptions.map((name, position) => ({ organizationId, categoryId, name, position }));
  });
  if (rows.length) await db.insert(descriptions).values(rows).onConflictDoNothing();
}

/** Organizations made before categories existed get the default tree (once, at start-up). */
export async function insertMissingDefaultCategories(db: Database): Promise<void> {
  const missing = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(sql`not exists (select 1 from ${categories} where ${categories.organizationId} = ${organizations.id})`);
  for (const organization of missing) await insertDefaultCategories(db, organization.id);
}

export async function findCategories(db: Database, organizationId: number) {
  return db
    .select()
    .from(categories)
    .where(eq(categories.organizationId, organizationId))
    .orderBy(asc(categories.position), asc(categories.id));
}

export async function findDescriptions(
  db: Database,
  organizationId: number,
  filters: { search?: string; kinds?: CategoryKind[]; categoryId?: number },
) {
  return db
    .select({
      id: descriptions.id,
      name: descriptions.name,
      categoryId: categories.id,
      categoryName: categories.name,
      kind: categories.kind,
    })
    .from(descriptions)
    .innerJoin(categories, eq(categories.id, descriptions.categoryId))
    .where(
      and(
        eq(descriptions.organizationId, organizationId),
        filters.search
          ? sql`fold_for_search(${descriptions.name}) like ${buildContainsPattern(filters.search)}`
          : undefined,
        filters.kinds?.length ? inArray(categories.kind, filters.kinds) : undefined,
        filters.categoryId ? eq(descriptions.categoryId, filters.categoryId) : undefined,
      ),
    )
    .orderBy(asc(categories.position), asc(descriptions.position), asc(descriptions.id));
}

/** category name → description name → ids, for turning keyword guesses into rows of this organization. */
export async function findDescriptionIdsByNames(db: Executor, organizationId: number) {
  const rows = await db
    .select({
      categoryId: categories.id,
      categoryName: categories.name,
      descriptionId: descriptions.id,
      descriptionName: descriptions.name,
      kind: categories.kind,
    })
    .from(descriptions)
    .innerJoin(categories, eq(categories.id, descriptions.categoryId))
    .where(eq(descriptions.organizationId, organizationId));
  return new Map(rows.map((row) => [`${row.categoryName}/${row.descriptionName}`, row]));
}
