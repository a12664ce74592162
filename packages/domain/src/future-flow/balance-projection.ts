import { findMonthGroup, summarizeActualMonth } from '../budget/month-figures';
import { shiftMonth } from '../budget/target-month';
import type { CategoryKind } from '../categorization/default-categories';
import {
  findPlansInEffect,
  type MonthCategorySum,
  type MonthPlan,
  selectPlannedCategories,
  summarizePlan,
} from './future-flow-months';
import { listMonths } from './future-flow-range';

/**
 * The two balance lines of the future flow. 'Saldo planejado' follows the plans; 'Saldo projetado'
 * follows what happened up to last month and, from the current month on, what is still expected:
 * the plan where a category has one, else the client's fixed lines repeating monthly.
 */

export const plannedSeriesName = 'Saldo planejado';
export const projectedSeriesName = 'Saldo projetado';

/** A fixed line not seen in the current month nor the three before it has ended (a cancelled subscription, a paid-off loan). */
export const recurringLookbackMonths = 3;

/** A line the client marked as fixed (is_fixed), as the cash flow has it. */
export interface FixedLine {
  id: number;
  name: string;
  /** The normalized merchant name: the same bill each month, whatever the bank adds to its text. */
  merchantKey: string;
  cashDate: string;
  categoryId: number | null;
  categoryKind: CategoryKind | null;
  amountCents: number;
}

/** A fixed line expected every month after its last occurrence, for its last amount. */
export interface RecurringItem {
  name: string;
  categoryId: number | null;
  categoryKind: CategoryKind | null;
  amountCents: number;
  /** The month it last happened in: it is expected in every later month. */
  lastMonth: string;
}

/**
 * One recurring item per merchant and direction (a salary and a refund of the same name are two),
 * from its latest occurrence; items not seen since the lookback window are left out.
 */
export function collectRecurringItems(lines: readonly FixedLine[], currentMonth: string): RecurringItem[] {
  const earliestMonth = shiftMonth(currentMonth, -recurringLookbackMonths);
  const latest = new Map<string, FixedLine>();
  for (const line of lines) {
    if (line.amountCents === 0 || line.cashDate.slice(0, 7) < earliestMonth.slice(0, 7)) continue;
    const merchant = line.merchantKey || line.name.trim().toLowerCase();
    const key = `${merchant}|${Math.sign(line.amountCents)}`;
    const known = latest.get(key);
    if (!known || line.cashDate > known.cashDate || (line.cashDate === known.cashDate && line.id > known.id)) {
      latest.set(key, line);
    }
  }
  return [...latest.values()].map((line) => ({
    name: line.name,
    categoryId: line.categoryId,
    categoryKind: line.categoryKind,
    amountCents: line.amountCents,
    lastMonth: `${line.cashDate.slice(0, 7)}-01`,
  }));
}

/**
 * What a month adds to the client's money (income less expense; asset transfers apart).
 * Past months: what happened. The current and later months: what happened so far, plus what is
 * still expected — for a planned category, the plan, unless more already happened (a category
 * over its plan counts as it is); for the rest, each recurring item not yet seen that month.
 * A category with a plan never counts its fixed lines too: the plan is where they were foreseen.
 */
export function projectMonthResult(input: {
  month: string;
  currentMonth: string;
  actualSums: readonly { categoryId: number | null; categoryKind: CategoryKind | null; totalCents: number }[];
  plan: MonthPlan | null;
  recurringItems: readonly RecurringItem[];
}): number {
  if (input.month < input.currentMonth) return summarizeActualMonth(input.actualSums).resultCents;
  const planned = new Map<number, { group: 'income' | 'expense'; amountCents: number }>();
  for (const category of selectPlannedCategories(input.plan, input.month)) {
    const group = findMonthGroup(category.categoryKind, category.amountCents);
    // Only income and expense make the result; investments and own transfers stay apart.
    if (group !== 'income' && group !== 'expense') continue;
    const known = planned.get(category.categoryId);
    planned.set(category.categoryId, {
      group,
      amountCents: (known?.amountCents ?? 0) + category.amountCents,
    });
  }
  const actualOfPlanned = new Map<number, number>();
  const unplanned: { categoryKind: CategoryKind | null; totalCents: number }[] = [];
  for (const sum of input.actualSums) {
    if (sum.categoryId !== null && planned.has(sum.categoryId)) {
      actualOfPlanned.set(sum.categoryId, (actualOfPlanned.get(sum.categoryId) ?? 0) + sum.totalCents);
    } else unplanned.push(sum);
  }
  let resultCents = summarizeActualMonth(unplanned).resultCents;
  for (const [categoryId, plan] of planned) {
    const signedActual = actualOfPlanned.get(categoryId) ?? 0;
    if (plan.group === 'income') resultCents += Math.max(plan.amountCents, signedActual);
    else resultCents -= Math.max(plan.amountCents, -signedActual);
  }
  for (const item of input.recurringItems) {
    const group = findMonthGroup(item.categoryKind, item.amountCents);
    if (group !== 'income' && group !== 'expense') continue;
    if (item.categoryId !== null && planned.has(item.categoryId)) continue;
    if (item.lastMonth < input.month) resultCents += item.amountCents;
  }
  return resultCents;
}

export interface BalancePoint {
  month: string;
  plannedResultCents: number;
  projectedResultCents: number;
  /** Balances at the end of the month. */
  plannedBalanceCents: number;
  projectedBalanceCents: number;
}

export interface BalanceSeries {
  /** The balance the two lines start from: at the start of the range's first month. */
  openingBalanceCents: number;
  points: BalancePoint[];
}

/**
 * Both lines over [startMonth, endMonth], from `openingBalanceCents`, known at the start of
 * `openingMonth` — the range's first month, or the current month when the range starts later (then
 * the months in between are projected first, so both lines start where the client is expected to be).
 */
export function buildBalanceSeries(input: {
  startMonth: string;
  endMonth: string;
  currentMonth: string;
  openingMonth: string;
  openingBalanceCents: number;
  actualSums: readonly MonthCategorySum[];
  plans: readonly MonthPlan[];
  recurringItems: readonly RecurringItem[];
}): BalanceSeries {
  const months = listMonths(input.openingMonth, input.endMonth);
  const sumsByMonth = new Map<string, MonthCategorySum[]>();
  for (const sum of input.actualSums) {
    const list = sumsByMonth.get(sum.month) ?? [];
    list.push(sum);
    sumsByMonth.set(sum.month, list);
  }
  const plansInEffect = findPlansInEffect(months, input.plans);
  let openingBalanceCents = input.openingBalanceCents;
  let plannedBalanceCents = 0;
  let projectedBalanceCents = 0;
  const points: BalancePoint[] = [];
  months.forEach((month, index) => {
    const plan = plansInEffect[index] ?? null;
    const projectedResultCents = projectMonthResult({
      month,
      currentMonth: input.currentMonth,
      actualSums: sumsByMonth.get(month) ?? [],
      plan,
      recurringItems: input.recurringItems,
    });
    if (month < input.startMonth) {
      openingBalanceCents += projectedResultCents;
      return;
    }
    if (points.length === 0) {
      plannedBalanceCents = openingBalanceCents;
      projectedBalanceCents = openingBalanceCents;
    }
    const plannedResultCents = summarizePlan(plan, month).resultCents;
    plannedBalanceCents += plannedResultCents;
    projectedBalanceCents += projectedResultCents;
    points.push({ month, plannedResultCents, projectedResultCents, plannedBalanceCents, projectedBalanceCents });
  });
  return { openingBalanceCents, points };
}

/**
 * Round values for the amount axis, covering every value and zero: steps of 1, 2, 2.5 or 5 times a
 * power of ten reais, about `count` of them. Cents in, cents out.
 */
export function buildAmountTicks(values: readonly number[], count = 5): number[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low;
  if (span === 0) return [0];
  const rawStep = span / Math.max(count - 1, 1);
  const magnitude = 10 ** Math.floor(Math.log10(rawStep));
  const residual = rawStep / magnitude;
  const factor = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 2.5 ? 2.5 : residual <= 5 ? 5 : 10;
  // Never finer than one real: the axis reads in reais.
  const step = Math.max(100, Math.round(factor * magnitude));
  const ticks: number[] = [];
  for (let tick = Math.floor(low / step) * step; tick < high + step; tick += step) {
    ticks.push(tick + 0); // never -0
    if (tick >= high) break;
  }
  return ticks;
}
