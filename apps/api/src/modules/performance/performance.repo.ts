import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { categories } from '../../db/schema';

export interface CategoryName {
  id: number;
  name: string;
  position: number;
}

/** Names and tree order of these categories of the organization (kept with the answer: no call renames a category). */
export async function findCategoryNames(
  db: Database,
  organizationId: number,
  categoryIds: readonly number[],
): Promise<CategoryName[]> {
  if (categoryIds.length === 0) return [];
  return db
    .select({ id: categories.id, name: categories.name, position: categories.position })
    .from(categories)
    .where(and(eq(categories.organizationId, organizationId), inArray(categories.id, [...categoryIds])));
}
