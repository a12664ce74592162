import type { PlannedItem } from '@prumo/domain/budget/budget-plan';
import { type BudgetItemRecurrence, selectItemsOfMonth } from '@prumo/domain/budget/budget-recurrence';
import type { CategoryKind } from '@prumo/domain/categorization/default-categories';
import { and, asc, count, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { budgetItems, budgets, categories, descriptions } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';

type Executor = Database | Transaction;

export interface BudgetRow {
  id: number;
  clientUserId: number;
  targetMonth: string | null;
  isIdeal: boolean;
}

const budgetColumns = {
  id: budgets.id,
  clientUserId: budgets.clientUserId,
  targetMonth: budgets.targetMonth,
  isIdeal: budgets.isIdeal,
};

/** Monthly or ideal: the two kinds are edited through different calls, so every item query names one. */
export type BudgetKind = 'monthly' | 'ideal';

function whereItemsOfScope(scope: ClientScope, kind: BudgetKind): SQL | undefined {
  return and(
    buildClientOwnedWhere(budgetItems, scope),
    inArray(
      budgetItems.budgetId,
      sql`(select ${budgets.id} from ${budgets} where ${and(buildClientOwnedWhere(budgets, scope), eq(budgets.isIdeal, kind === 'ideal'))})`,
    ),
  );
}

/**
 * A budget of the caller's scope; with `lock` (in a transaction) its row is locked until the end, so
 * writes that replace or copy its items one after another instead of racing for the same lines.
 */
export async function findBudget(
  db: Executor,
  scope: ClientScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<BudgetRow | null> {
  const query = db
    .select(budgetColumns)
    .from(budgets)
    .where(and(eq(budgets.id, id), buildClientOwnedWhere(budgets, scope)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findMonthBudget(db: Executor, scope: ClientScope, targetMonth: string) {
  const [row] = await db
    .select(budgetColumns)
    .from(budgets)
    .where(
      and(buildClientOwnedWhere(budgets, scope), eq(budgets.isIdeal, false), eq(budgets.targetMonth, targetMonth)),
    );
  return row ?? null;
}

export async function findIdealBudget(db: Executor, scope: ClientScope): Promise<BudgetRow | null> {
  const [row] = await db
    .select(budgetColumns)
    .from(budgets)
    .where(and(buildClientOwnedWhere(budgets, scope), eq(budgets.isIdeal, true)));
  return row ?? null;
}

/** The client's budget of a month, made empty on first need (two racing calls get the same one). */
export async function findOrCreateMonthBudget(db: Executor, scope: ClientScope, targetMonth: string) {
  const existing = await findMonthBudget(db, scope, targetMonth);
  if (existing) return existing;
  await db
    .insert(budgets)
    .values({ organizationId: scope.organizationId, clientUserId: scope.clientUserId, targetMonth, isIdeal: false })
    .onConflictDoNothing();
  const created = await findMonthBudget(db, scope, targetMonth);
  if (!created) throw new Error('the month budget vanished after its insert');
  return created;
}

export async function findOrCreateIdealBudget(db: Executor, scope: ClientScope): Promise<BudgetRow> {
  const existing = await findIdealBudget(db, scope);
  if (existing) return existing;
  await db
    .insert(budgets)
    .values({ organizationId: scope.organizationId, clientUserId: scope.clientUserId, isIdeal: true })
    .onConflictDoNothing();
  const created = await findIdealBudget(db, scope);
  if (!created) throw new Error('the ideal budget vanished after its insert');
  return created;
}

export interface BudgetItemRow extends PlannedItem {
  budgetId: number;
}

const itemColumns = {
  id: budgetItems.id,
  budgetId: budgetItems.budgetId,
  categoryId: budgetItems.categoryId,
  categoryName: categories.name,
  categoryKind: categories.kind,
  descriptionId: budgetItems.descriptionId,
  descriptionName: descriptions.name,
  amountCents: budgetItems.amountCents,
  recurrence: budgetItems.recurrence,
};

/** A budget's items in the category tree's order (a category-wide item before its descriptions). */
export async function findBudgetItems(db: Executor, scope: ClientScope, budgetId: number): Promise<BudgetItemRow[]> {
  return db
    .select(itemColumns)
    .from(budgetItems)
    .innerJoin(categories, eq(categories.id, budgetItems.categoryId))
    .leftJoin(descriptions, eq(descriptions.id, budgetItems.descriptionId))
    .where(and(eq(budgetItems.budgetId, budgetId), buildClientOwnedWhere(budgetItems, scope)))
    .orderBy(
      asc(categories.position),
      asc(categories.id),
      sql`${descriptions.position} asc nulls first`,
      asc(budgetItems.id),
    );
}

export async function findBudgetItem(
  db: Executor,
  scope: ClientScope,
  kind: BudgetKind,
  id: number,
): Promise<BudgetItemRow | null> {
  const [row] = await db
    .select(itemColumns)
    .from(budgetItems)
    .innerJoin(categories, eq(categories.id, budgetItems.categoryId))
    .leftJoin(descriptions, eq(descriptions.id, budgetItems.descriptionId))
    .where(and(eq(budgetItems.id, id), whereItemsOfScope(scope, kind)));
  return row ?? null;
}

export async function countBudgetItems(db: Executor, scope: ClientScope, budgetId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(budgetItems)
    .where(and(eq(budgetItems.budgetId, budgetId), buildClientOwnedWhere(budgetItems, scope)));
  return row?.total ?? 0;
}

/** How many items the client's budget of the month plans: 0 when the month has no budget yet. */
export async function countMonthBudgetItems(db: Executor, scope: ClientScope, targetMonth: string): Promise<number> {
  const budget = await findMonthBudget(db, scope, targetMonth);
  return budget ? countBudgetItems(db, scope, budget.id) : 0;
}

export type CategoryChoice =
  | { found: true; categoryId: number; descriptionId: number | null; kind: CategoryKind }
  | { found: false; field: 'category' | 'description' };

/** The category (of the caller's organization) and, when given, one of its own descriptions. */
export async function findCategoryChoice(
  db: Executor,
  organizationId: number,
  categoryId: number,
  descriptionId: number | null,
): Promise<CategoryChoice> {
  const [category] = await db
    .select({ id: categories.id, kind: categories.kind })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.organizationId, organizationId)));
  if (!category) return { found: false, field: 'category' };
  if (descriptionId === null) return { found: true, categoryId, descriptionId: null, kind: category.kind };
  const [description] = await db
    .select({ id: descriptions.id })
    .from(descriptions)
    .where(
      and(
        eq(descriptions.id, descriptionId),
        eq(descriptions.categoryId, categoryId),
        eq(descriptions.organizationId, organizationId),
      ),
    );
  return description
    ? { found: true, categoryId, descriptionId, kind: category.kind }
    : { found: false, field: 'description' };
}

export interface NewBudgetItem {
  categoryId: number;
  descriptionId: number | null;
  amountCents: number;
  /** Monthly when not said. */
  recurrence?: BudgetItemRecurrence;
}

export async function insertBudgetItems(
  db: Executor,
  scope: ClientScope,
  budgetId: number,
  items: NewBudgetItem[],
): Promise<number[]> {
  if (items.length === 0) return [];
  const rows = await db
    .insert(budgetItems)
    .values(
      items.map((item) => ({
        budgetId,
        organizationId: scope.organizationId,
        clientUserId: scope.clientUserId,
        categoryId: item.categoryId,
        descriptionId: item.descriptionId,
        amountCents: item.amountCents,
        recurrence: item.recurrence,
        createdByUserId: scope.caller.userId,
      })),
    )
    .returning({ id: budgetItems.id });
  return rows.map((row) => row.id);
}

export async function updateBudgetItem(
  db: Executor,
  scope: ClientScope,
  kind: BudgetKind,
  id: number,
  changes: Partial<NewBudgetItem>,
): Promise<boolean> {
  const updated = await db
    .update(budgetItems)
    .set(changes)
    .where(and(eq(budgetItems.id, id), whereItemsOfScope(scope, kind)))
    .returning({ id: budgetItems.id });
  return updated.length > 0;
}

/** Deletes these items of the caller's scope (of one budget, when named); answers how many went. */
export async function deleteBudgetItems(
  db: Executor,
  scope: ClientScope,
  kind: BudgetKind,
  ids: number[],
  budgetId?: number,
): Promise<number> {
  const deleted = await db
    .delete(budgetItems)
    .where(
      and(
        inArray(budgetItems.id, ids),
        whereItemsOfScope(scope, kind),
        budgetId === undefined ? undefined : eq(budgetItems.budgetId, budgetId),
      ),
    )
    .returning({ id: budgetItems.id });
  return deleted.length;
}

export async function deleteAllBudgetItems(db: Executor, scope: ClientScope, budgetId: number): Promise<void> {
  await db
    .delete(budgetItems)
    .where(and(eq(budgetItems.budgetId, budgetId), buildClientOwnedWhere(budgetItems, scope)));
}

/** The latest monthly budget before `month` that plans something: the plan that month follows. */
export async function findLatestPlannedBudgetBefore(
  db: Executor,
  scope: ClientScope,
  month: string,
): Promise<BudgetRow | null> {
  const [row] = await db
    .select(budgetColumns)
    .from(budgets)
    .where(
      and(
        buildClientOwnedWhere(budgets, scope),
        eq(budgets.isIdeal, false),
        lt(budgets.targetMonth, month),
        sql`exists (select 1 from ${budgetItems} where ${budgetItems.budgetId} = ${budgets.id})`,
      ),
    )
    .orderBy(desc(budgets.targetMonth))
    .limit(1);
  return row ?? null;
}

/**
 * What a month plans: its budget's items when it has any, else what the latest earlier month's
 * plan repeats into it (monthly items, yearly ones in the same month of later years) — the future
 * flow's rule, so a month shows the same planned figures on every screen. `from` is the budget the
 * items come from (null: nothing planned up to the month).
 */
export async function findItemsPlannedForMonth(
  db: Executor,
  scope: ClientScope,
  month: string,
  ownBudget: BudgetRow | null,
): Promise<{ from: BudgetRow | null; items: BudgetItemRow[] }> {
  if (ownBudget) {
    const items = await findBudgetItems(db, scope, ownBudget.id);
    if (items.length > 0) return { from: ownBudget, items };
  }
  const carried = await findLatestPlannedBudgetBefore(db, scope, month);
  if (!carried?.targetMonth) return { from: null, items: [] };
  const items = await findBudgetItems(db, scope, carried.id);
  return { from: carried, items: selectItemsOfMonth(items, carried.targetMonth, month) };
}
