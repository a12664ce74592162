import { type BudgetItemRecurrence, isPlannedInMonth } from '../budget/budget-recurrence';
import { type MonthFigures, summarizeActualMonth, summarizePlannedMonth } from '../budget/month-figures';
import type { CategoryKind } from '../categorization/default-categories';

/**
 * The months of a future flow: what happened (the cash flow) beside what was planned (the budgets),
 * with a plan holding from its month until a later month has one of its own.
 */

/** Signed cents of a month's cash flow for one category (negative = money out), as the cash flow sums them. */
export interface MonthCategorySum {
  month: string;
  categoryId: number | null;
  categoryKind: CategoryKind | null;
  totalCents: number;
}

/** A month's figures under the month rule (budget/month-figures): result = income − expense, investments apart. */
export type FlowAmounts = MonthFigures;

/** What a budget plans for one category and way of repeating: positive cents, the kind saying in or out. */
export interface PlannedCategory {
  categoryId: number;
  categoryKind: CategoryKind;
  amountCents: number;
  recurrence: BudgetItemRecurrence;
}

/** A month's budget that plans something (a budget without items plans nothing and does not count). */
export interface MonthPlan {
  budgetId: number;
  month: string;
  categories: PlannedCategory[];
}

/** What a plan plans for `month` (its own month, or a later one following it): only what repeats into it. */
export function selectPlannedCategories(plan: MonthPlan | null, month: string): PlannedCategory[] {
  if (!plan) return [];
  return plan.categories.filter((category) => isPlannedInMonth(category.recurrence, plan.month, month));
}

/** Planned figures of `month` under the plan in effect, in the same terms as the actual ones. */
export function summarizePlan(plan: MonthPlan | null, month: string): FlowAmounts {
  return summarizePlannedMonth(selectPlannedCategories(plan, month));
}

/**
 * For each month, the plan in effect: its own when it plans something, else the latest earlier
 * month's (a plan holds until replaced), else none. `plans` may start before the first month.
 */
export function findPlansInEffect(months: readonly string[], plans: readonly MonthPlan[]): (MonthPlan | null)[] {
  const ordered = plans.filter((plan) => plan.categories.length > 0).sort((a, b) => a.month.localeCompare(b.month));
  let next = 0;
  let inEffect: MonthPlan | null = null;
  return months.map((month) => {
    while (next < ordered.length && (ordered[next] as MonthPlan).month <= month) {
      inEffect = ordered[next] as MonthPlan;
      next++;
    }
    return inEffect;
  });
}

export type PlanningTaskStatus = 'pending' | 'rejected' | 'done';

export interface MonthTask {
  id: number;
  month: string;
  status: PlanningTaskStatus;
}

export interface FutureFlowMonth {
  month: string;
  /** The month's own budget (it may plan nothing yet), or null when the month has none. */
  budgetId: number | null;
  /** Where `planned` comes from: this month's plan, an earlier month's carried forward, or nothing. */
  plannedFrom: { budgetId: number; month: string } | null;
  /** The month's budget-planning task (the latest when several plan it). */
  task: { id: number; status: PlanningTaskStatus } | null;
  actual: FlowAmounts;
  planned: FlowAmounts;
}

export function buildFutureFlowMonths(input: {
  months: readonly string[];
  actualSums: readonly MonthCategorySum[];
  /** Every budget of the range's months, planned or not. */
  budgets: readonly { budgetId: number; month: string }[];
  /** Budgets with items, up to the last month (earlier ones carry forward into the range). */
  plans: readonly MonthPlan[];
  tasks: readonly MonthTask[];
}): FutureFlowMonth[] {
  const sumsByMonth = new Map<string, MonthCategorySum[]>();
  for (const sum of input.actualSums) {
    const list = sumsByMonth.get(sum.month) ?? [];
    list.push(sum);
    sumsByMonth.set(sum.month, list);
  }
  const budgetByMonth = new Map(input.budgets.map((budget) => [budget.month, budget.budgetId]));
  const taskByMonth = new Map<string, MonthTask>();
  for (const task of input.tasks) {
    const known = taskByMonth.get(task.month);
    if (!known || task.id > known.id) taskByMonth.set(task.month, task);
  }
  const plansInEffect = findPlansInEffect(input.months, input.plans);
  return input.months.map((month, index) => {
    const plan = plansInEffect[index] ?? null;
    const task = taskByMonth.get(month);
    return {
      month,
      budgetId: budgetByMonth.get(month) ?? null,
      plannedFrom: plan ? { budgetId: plan.budgetId, month: plan.month } : null,
      task: task ? { id: task.id, status: task.status } : null,
      actual: summarizeActualMonth(sumsByMonth.get(month) ?? []),
      planned: summarizePlan(plan, month),
    };
  });
}
