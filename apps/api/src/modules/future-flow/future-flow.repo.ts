import type { MonthPlan, MonthTask } from '@prumo/domain/future-flow/future-flow-months';
import { readSummedCents } from '@prumo/domain/money/cents';
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { budgetItems, budgets, categories, origins, tasks } from '../../db/schema';
import { buildClientOwnedWhere, buildVisiblePlanningsWhere, type ClientScope } from '../../lib/scope';
import type { KnownBalance } from '../cash-flow/index';

type Executor = Database | Transaction;

export interface MonthBudgets {
  /** Every monthly budget up to the last month, planned or not. */
  budgets: { budgetId: number; month: string }[];
  /** Those that plan something, with their totals per category. */
  plans: MonthPlan[];
}

/**
 * The client's monthly budgets up to `endMonth` with what they plan per category and way of
 * repeating, in one query:
 * earlier plans carry forward into the range, so they are read too (a client has one per month).
 */
export async function findMonthBudgets(db: Executor, scope: ClientScope, endMonth: string): Promise<MonthBudgets> {
  const rows = await db
    .select({
      budgetId: budgets.id,
      month: sql<string>`to_char(${budgets.targetMonth}, 'YYYY-MM-DD')`,
      categoryId: budgetItems.categoryId,
      categoryKind: categories.kind,
      recurrence: budgetItems.recurrence,
      amountCents: sql<string | null>`sum(${budgetItems.amountCents})`,
    })
    .from(budgets)
    .leftJoin(budgetItems, and(eq(budgetItems.budgetId, budgets.id), buildClientOwnedWhere(budgetItems, scope)))
    .leftJoin(categories, eq(categories.id, budgetItems.categoryId))
    .where(and(buildClientOwnedWhere(budgets, scope), eq(budgets.isIdeal, false), lte(budgets.targetMonth, endMonth)))
    .groupBy(budgets.id, budgets.targetMonth, budgetItems.categoryId, categories.kind, budgetItems.recurrence)
    .orderBy(asc(budgets.targetMonth));
  const found = new Map<number, MonthPlan>();
  for (const row of rows) {
    const plan = found.get(row.budgetId) ?? { budgetId: row.budgetId, month: row.month, categories: [] };
    if (row.categoryId !== null && row.categoryKind !== null && row.amountCents !== null && row.recurrence !== null) {
      plan.categories.push({
        categoryId: row.categoryId,
        categoryKind: row.categoryKind,
        recurrence: row.recurrence,
        amountCents: readSummedCents(row.amountCents),
      });
    }
    found.set(row.budgetId, plan);
  }
  const all = [...found.values()];
  return {
    budgets: all.map((plan) => ({ budgetId: plan.budgetId, month: plan.month })),
    plans: all.filter((plan) => plan.categories.length > 0),
  };
}

/** Budget-planning tasks whose month (the month of their start) falls in the range. */
export async function findPlanningTasksOfMonths(
  db: Executor,
  scope: ClientScope,
  range: { startMonth: string; endMonth: string },
): Promise<MonthTask[]> {
  return db
    .select({
      id: tasks.id,
      month: sql<string>`to_char(date_trunc('month', ${tasks.start}), 'YYYY-MM-DD')`,
      status: tasks.status,
    })
    .from(tasks)
    .where(
      and(
        buildVisiblePlanningsWhere(scope),
        gte(tasks.start, range.startMonth),
        lt(tasks.start, sql`(${range.endMonth}::date + interval '1 month')::date`),
      ),
    );
}

/**
 * The accounts whose balance is known (from statements): bank and cash accounts of the client.
 * Cards are out — their purchases count when the bill is due — and so are ignored accounts.
 */
export async function findKnownBalances(db: Executor, scope: ClientScope): Promise<KnownBalance[]> {
  const rows = await db
    .select({ originId: origins.id, balanceCents: origins.balanceCents, balanceDate: origins.balanceDate })
    .from(origins)
    .where(
      and(
        buildClientOwnedWhere(origins, scope),
        eq(origins.ignored, false),
        ne(origins.kind, 'credit_card'),
        isNotNull(origins.balanceCents),
        isNotNull(origins.balanceDate),
      ),
    );
  return rows.map((row) => ({
    originId: row.originId,
    balanceCents: Number(row.balanceCents),
    balanceDate: row.balanceDate as string,
  }));
}

export async function deleteBudgetItemOfLine(
  db: Executor,
  scope: ClientScope,
  budgetId: number,
  line: { categoryId: number; descriptionId: number | null },
): Promise<void> {
  await db
    .delete(budgetItems)
    .where(
      and(
        eq(budgetItems.budgetId, budgetId),
        buildClientOwnedWhere(budgetItems, scope),
        eq(budgetItems.categoryId, line.categoryId),
        line.descriptionId === null
          ? isNull(budgetItems.descriptionId)
          : eq(budgetItems.descriptionId, line.descriptionId),
      ),
    );
}

/** Sets the planned amount of a category (and description) in a budget: added, or changed when planned already. */
export async function upsertBudgetItem(
  db: Executor,
  scope: ClientScope,
  budgetId: number,
  line: { categoryId: number; descriptionId: number | null; amountCents: number },
): Promise<void> {
  await db
    .insert(budgetItems)
    .values({
      budgetId,
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      categoryId: line.categoryId,
      descriptionId: line.descriptionId,
      amountCents: line.amountCents,
      createdByUserId: scope.caller.userId,
    })
    .onConflictDoUpdate({
      target: [budgetItems.budgetId, budgetItems.categoryId, budgetItems.descriptionId],
      set: { amountCents: line.amountCents },
    });
}
