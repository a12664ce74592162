import type {
  BudgetKept,
  InvestmentReturn,
  MyPerformance,
  NetWorthChange,
  PerformanceFigures,
} from '@prumo/contract/performance';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { type ActualSum, compareBudgetWithActual } from '@prumo/domain/budget/budget-comparison';
import type { PlannedItem } from '@prumo/domain/budget/budget-plan';
import type { MonthFigures } from '@prumo/domain/budget/month-figures';
import { findMonthBounds, formatMonthNumber } from '@prumo/domain/budget/target-month';
import {
  type MonthCategorySum,
  type MonthPlan,
  selectPlannedCategories,
} from '@prumo/domain/future-flow/future-flow-months';
import type { MonthRange } from '@prumo/domain/future-flow/future-flow-range';
import {
  computeDietzReturn,
  computeSavingsRate,
  findReturnBalances,
  investmentReturnExplanation,
  investmentReturnMethod,
  sumPeriodFigures,
} from '@prumo/domain/performance/performance-figures';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/scope';
import { describeClientQuery, findClientVersions, reuseAtVersion } from '../cash-flow/index';
import { findMonthFigures } from '../future-flow/index';
import { findPeriodPoints } from '../investments/index';
import { readNetWorth } from '../my-assets/index';
import { type CategoryName, findCategoryNames } from './performance.repo';

/** "2026-11-01" → "2026-11", as this call names months. */
function toMonthText(month: string): string {
  return month.slice(0, 7);
}

function presentFigures(actual: MonthFigures, planned: MonthFigures): PerformanceFigures {
  return {
    income: actual.incomeCents,
    expense: actual.expenseCents,
    result: actual.resultCents,
    savingsRate: computeSavingsRate(actual),
    invested: actual.assetTransferCents,
    planned: { income: planned.incomeCents, expense: planned.expenseCents, result: planned.resultCents },
  };
}

function presentKept(planned: number, actual: number) {
  return { planned, actual, difference: planned - actual, overBudget: actual > planned };
}

/**
 * Planned against actual per expense category over the months that follow a plan, through the
 * budget comparison's rule (the same grouping and signs as Orçamento do mês), month after month.
 */
function compareKeptBudget(
  months: readonly string[],
  actualSums: readonly MonthCategorySum[],
  plansInEffect: readonly (MonthPlan | null)[],
  names: ReadonlyMap<number, CategoryName>,
): BudgetKept {
  const nameOf = (categoryId: number) => names.get(categoryId)?.name ?? '';
  const planned: PlannedItem[] = [];
  const plannedMonths = new Set<string>();
  months.forEach((month, index) => {
    const plan = plansInEffect[index] ?? null;
    if (!plan) return;
    plannedMonths.add(month);
    for (const category of selectPlannedCategories(plan, month)) {
      planned.push({
        id: 0,
        categoryId: category.categoryId,
        categoryName: nameOf(category.categoryId),
        categoryKind: category.categoryKind,
        descriptionId: null,
        descriptionName: null,
        amountCents: category.amountCents,
        recurrence: category.recurrence,
      });
    }
  });
  const actual: ActualSum[] = actualSums
    .filter((sum) => plannedMonths.has(sum.month))
    .map((sum) => ({
      categoryId: sum.categoryId,
      categoryName: sum.categoryId === null ? null : nameOf(sum.categoryId),
      categoryKind: sum.categoryKind,
      descriptionId: null,
      descriptionName: null,
      totalCents: sum.totalCents,
    }));
  const comparison = compareBudgetWithActual(planned, actual, { includeAssetTransfers: false });
  // The category tree's order, as the budget screens list them; money of no category last.
  const order = (categoryId: number | null) =>
    categoryId === null ? Number.MAX_SAFE_INTEGER : (names.get(categoryId)?.position ?? 0);
  const categories = [...comparison.expense].sort(
    (a, b) => order(a.categoryId) - order(b.categoryId) || (a.categoryId ?? 0) - (b.categoryId ?? 0),
  );
  return {
    monthsPlanned: plannedMonths.size,
    categories: categories.map((category) => ({
      category: { id: category.categoryId, name: category.categoryName },
      ...presentKept(category.plannedCents, category.actualCents),
    })),
    total: presentKept(comparison.totals.expense.plannedCents, comparison.totals.expense.actualCents),
  };
}

/** From the end of the period's first month whose net worth is known to the end of its last. */
function presentNetWorthChange(
  netWorthByMonth: ReadonlyMap<string, { date: string; amount: number }>,
  months: readonly string[],
): NetWorthChange {
  const known = months
    .map((month) => ({ month, point: netWorthByMonth.get(month) }))
    .filter((entry): entry is { month: string; point: { date: string; amount: number } } => entry.point !== undefined);
  const first = known[0];
  const last = known.at(-1);
  const present = (entry: typeof first) => (entry ? { month: entry.month, ...entry.point } : null);
  return {
    from: present(first),
    to: present(last),
    change: first && last && first !== last ? last.point.amount - first.point.amount : null,
  };
}

/**
 * GET my-performance/: the period month by month and whole — income, expense, what was saved and
 * the savings rate, the plan each month followed, the budget kept per expense category, net
 * worth's change and the investments' return. The months' figures are the future flow's (same
 * code, same cached sums at the client's versions); net worth is Meu patrimônio's.
 */
export async function readMyPerformance(
  deps: AppDependencies,
  scope: ClientScope,
  range: MonthRange & { currentMonth: string },
): Promise<MyPerformance> {
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  // Made of the client's lines (cash-flow version), plans (planning version) and what they hold
  // and owe (holdings version), and of net worth, which moves with the day. The category names in
  // it never change: the tree is inserted once per organization and no call renames it.
  const key = describeClientQuery('my-performance', scope, [
    range.startMonth,
    range.endMonth,
    range.currentMonth,
    findTodayInBrazil(new Date()),
    versions.cashFlow,
    versions.planning,
  ]);
  return reuseAtVersion(deps.db, key, versions.holdings, () => assembleMyPerformance(deps, scope, range));
}

async function assembleMyPerformance(
  deps: AppDependencies,
  scope: ClientScope,
  range: MonthRange & { currentMonth: string },
): Promise<MyPerformance> {
  const [figures, points, netWorth] = await Promise.all([
    findMonthFigures(deps, scope, range),
    findPeriodPoints(deps.db, scope, { firstDay: range.startMonth, lastDay: findMonthBounds(range.endMonth).end }),
    readNetWorth(deps, scope),
  ]);
  const monthList = figures.months.map((month) => month.month);
  const categoryIds = new Set<number>();
  for (const sum of figures.actualSums) if (sum.categoryId !== null) categoryIds.add(sum.categoryId);
  for (const plan of figures.plansInEffect)
    for (const category of plan?.categories ?? []) categoryIds.add(category.categoryId);
  const names = new Map(
    (await findCategoryNames(deps.db, scope.organizationId, [...categoryIds])).map((row) => [row.id, row]),
  );
  const netWorthByMonth = new Map(
    netWorth.months.map((point) => [point.month, { date: point.date, amount: point.net_worth }]),
  );
  const period = sumPeriodFigures(figures.months.map((month) => month.actual));
  const plannedPeriod = sumPeriodFigures(figures.months.map((month) => month.planned));
  const balances = findReturnBalances(points, range);
  const contributedCents = figures.months
    .filter((month) => balances.fromMonth !== null && month.month >= balances.fromMonth)
    .reduce((total, month) => total + month.actual.assetTransferCents, 0);
  const invested = computeDietzReturn({
    initialCents: balances.initialCents,
    finalCents: balances.finalCents,
    netContributionsCents: contributedCents,
  });
  const investments: InvestmentReturn = {
    method: investmentReturnMethod,
    explanation: investmentReturnExplanation,
    measuredFrom: balances.fromMonth === null ? null : toMonthText(balances.fromMonth),
    initialBalance: balances.initialCents,
    finalBalance: balances.finalCents,
    netContributions: contributedCents,
    gain: invested.gainCents,
    rate: balances.fromMonth === null ? null : invested.rate,
    investments: balances.investments,
  };
  return {
    start: toMonthText(range.startMonth),
    end: toMonthText(range.endMonth),
    currentMonth: toMonthText(range.currentMonth),
    period: presentFigures(period, plannedPeriod),
    months: figures.months.map((month) => ({
      month: toMonthText(month.month),
      date: formatMonthNumber(month.month),
      ...presentFigures(month.actual, month.planned),
      plannedFrom: month.plannedFrom ? toMonthText(month.plannedFrom.month) : null,
      netWorth: netWorthByMonth.get(toMonthText(month.month))?.amount ?? null,
    })),
    budget: compareKeptBudget(monthList, figures.actualSums, figures.plansInEffect, names),
    netWorth: presentNetWorthChange(netWorthByMonth, monthList.map(toMonthText)),
    investments,
  };
}
