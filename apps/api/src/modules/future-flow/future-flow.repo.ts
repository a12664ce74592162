import type { DebtToShow, ReminderToShow } from '@prumo/domain/future-flow/expected-payments';
import type { MonthPlan, MonthTask } from '@prumo/domain/future-flow/future-flow-months';
import { readSummedCents } from '@prumo/domain/money/cents';
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { billReminders, budgetItems, budgets, categories, debts, origins, tasks } from '../../db/schema';
import { buildClientOwnedWhere, buildVisiblePlanningsWhere, type ClientScope } from '../../lib/scope';
import type { KnownBalance } from '../cash-flow/index';
import { interestRateScale } from '../debts/index';

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

/**
 * The client's bill reminders shown in the future flow (`cashflow_reminder`, with an amount) and
 * their debts, in one query. Kept by the caller at the planning version (bumped by every write of a
 * reminder) and the holdings version (every write of a debt), so a change to either shows at once.
 */
export async function findRemindersAndDebtsToShow(
  db: Executor,
  scope: ClientScope,
): Promise<{ reminders: ReminderToShow[]; debts: DebtToShow[] }> {
  const reminderRows = db
    .select({
      kind: sql<'reminder' | 'debt'>`'reminder'`.as('kind'),
      id: billReminders.id,
      name: billReminders.title,
      firstDate: sql<string | null>`to_char(${billReminders.reminderDate}, 'YYYY-MM-DD')`.as('first_date'),
      periodicity: sql<string | null>`${billReminders.periodicity}::text`.as('periodicity'),
      amountCents: sql<string>`${billReminders.amountCents}`.as('amount_cents'),
      balanceCents: sql<string | null>`null::bigint`.as('balance_cents'),
      installmentsLeft: sql<number | null>`null::integer`.as('installments_left'),
      interestRate: sql<number | null>`null::integer`.as('interest_rate'),
    })
    .from(billReminders)
    .where(
      and(
        buildClientOwnedWhere(billReminders, scope),
        eq(billReminders.cashflowReminder, true),
        isNotNull(billReminders.amountCents),
        // A proposal shows once the client accepts it.
        eq(billReminders.status, 'ACTIVE'),
      ),
    );
  const debtRows = db
    .select({
      kind: sql<'reminder' | 'debt'>`'debt'`.as('kind'),
      id: debts.id,
      name: debts.name,
      firstDate: sql<string | null>`null::text`.as('first_date'),
      periodicity: sql<string | null>`null::text`.as('periodicity'),
      amountCents: sql<string>`${debts.monthlyPaymentCents}`.as('amount_cents'),
      balanceCents: sql<string | null>`${debts.balanceCents}`.as('balance_cents'),
      installmentsLeft: sql<number | null>`${debts.installmentsLeft}`.as('installments_left'),
      interestRate: sql<number | null>`${debts.interestRateTenThousandths}`.as('interest_rate'),
    })
    .from(debts)
    .where(buildClientOwnedWhere(debts, scope));
  const rows = await reminderRows.unionAll(debtRows);
  const found: { reminders: ReminderToShow[]; debts: DebtToShow[] } = { reminders: [], debts: [] };
  for (const row of rows.sort((a, b) => a.id - b.id)) {
    if (row.kind === 'reminder') {
      found.reminders.push({
        id: row.id,
        title: row.name,
        firstDate: row.firstDate as string,
        periodicity: row.periodicity as ReminderToShow['periodicity'],
        amountCents: Number(row.amountCents),
      });
    } else {
      found.debts.push({
        id: row.id,
        name: row.name,
        balanceCents: Number(row.balanceCents),
        monthlyPaymentCents: Number(row.amountCents),
        installmentsLeft: row.installmentsLeft,
        monthlyInterestPercent: Number(row.interestRate) / interestRateScale,
      });
    }
  }
  return found;
}
