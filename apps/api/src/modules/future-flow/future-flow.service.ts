import type {
  BalanceSeries,
  FlowAmounts as FlowAmountsView,
  FutureFlowChart,
  FutureFlowMonths,
  FutureFlowMonth as FutureFlowMonthView,
} from '@prumo/contract/future-flow';
import { shiftDay } from '@prumo/domain/br/date';
import { selectItemsOfMonth } from '@prumo/domain/budget/budget-recurrence';
import { summarizePlannedMonth } from '@prumo/domain/budget/month-figures';
import { findMonthBounds, formatMonthNumber, shiftMonth } from '@prumo/domain/budget/target-month';
import {
  buildAmountTicks,
  buildBalanceSeries,
  collectRecurringItems,
  plannedSeriesName,
  projectedSeriesName,
  recurringLookbackMonths,
} from '@prumo/domain/future-flow/balance-projection';
import { listExpectedPayments, type MonthExpectedPayments } from '@prumo/domain/future-flow/expected-payments';
import {
  buildFutureFlowMonths,
  type FlowAmounts,
  type FutureFlowMonth,
  findPlansInEffect,
  type MonthCategorySum,
  type MonthPlan,
} from '@prumo/domain/future-flow/future-flow-months';
import { listMonths, type MonthRange } from '@prumo/domain/future-flow/future-flow-range';
import type { AppDependencies } from '../../dependencies';
import { fail, failConflict, failInvalid, failNotFound, failOnField } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { isUniqueViolation } from '../../lib/validation';
import {
  type BudgetRow,
  budgetMessages,
  countBudgetItems,
  findBudgetItems,
  findCategoryChoice,
  findIdealBudget,
  findLatestPlannedBudgetBefore,
  findOrCreateMonthBudget,
  findScopedBudget,
  insertBudgetItems,
  maximumItemsPerBudget,
  presentBudget,
} from '../budget/index';
import {
  type ClientVersions,
  describeClientQuery,
  findClientVersions,
  findFixedLines,
  reuseAtVersion,
  sumBalanceMovesAround,
  sumByMonthAndCategory,
} from '../cash-flow/index';
import { listProjectedInstalments } from '../my-assets/index';
import {
  deleteBudgetItemOfLine,
  findKnownBalances,
  findMonthBudgets,
  findPlanningTasksOfMonths,
  findRemindersAndDebtsToShow,
  upsertBudgetItem,
} from './future-flow.repo';

export const futureFlowMessages = {
  monthHasBudget: 'O orçamento deste mês já existe.',
  nothingToCopy: 'Não há itens para copiar.',
  repeatedLine: 'Categoria e descrição repetidas na lista.',
};

function presentAmounts(amounts: FlowAmounts): FlowAmountsView {
  return {
    income: amounts.incomeCents,
    expense: amounts.expenseCents,
    assetTransfer: amounts.assetTransferCents,
    result: amounts.resultCents,
  };
}

/** What is due in the month, beside the plan and outside its figures (ADR 24). */
function presentExpected(expected: MonthExpectedPayments | undefined): FutureFlowMonthView['expected'] {
  const reminders = expected?.reminders ?? [];
  const debts = expected?.debts ?? [];
  const instalments = expected?.instalments ?? [];
  const remindersCents = expected?.remindersCents ?? 0;
  const debtsCents = expected?.debtsCents ?? 0;
  const instalmentsCents = expected?.instalmentsCents ?? 0;
  return {
    reminders: {
      total: remindersCents,
      items: reminders.map((due) => ({ id: due.id, name: due.name, date: due.date, amount: due.amountCents })),
    },
    debts: {
      total: debtsCents,
      items: debts.map((due) => ({
        id: due.id,
        name: due.name,
        amount: due.amountCents,
        lastPayment: due.lastPayment,
      })),
    },
    instalments: {
      total: instalmentsCents,
      items: instalments.map((due) => ({ name: due.name, date: due.date, amount: due.amountCents })),
    },
    total: remindersCents + debtsCents + instalmentsCents,
  };
}

function presentMonth(month: FutureFlowMonth, expected: MonthExpectedPayments | undefined): FutureFlowMonthView {
  return {
    id: month.budgetId,
    date: formatMonthNumber(month.month),
    month: month.month,
    taskId: month.task?.id ?? null,
    taskStatus: month.task?.status ?? null,
    summary: presentAmounts(month.actual),
    planned: presentAmounts(month.planned),
    plannedFrom: month.plannedFrom
      ? {
          budget: month.plannedFrom.budgetId,
          month: month.plannedFrom.month,
          date: formatMonthNumber(month.plannedFrom.month),
        }
      : null,
    carried: month.plannedFrom !== null && month.plannedFrom.month !== month.month,
    expected: presentExpected(expected),
  };
}

/*
 * What the future flow keeps between calls is reused at a version read first in each call
 * (`findClientVersions`): the cash-flow version for what comes of the client's lines and
 * accounts, the planning version for what comes of their budgets and planning tasks (both bumped in
 * the writing transaction, ADR 17).
 */

/** The client's budgets up to `endMonth` with their plans, reused at the same planning version. */
function reuseMonthBudgets(deps: AppDependencies, scope: ClientScope, versions: ClientVersions, endMonth: string) {
  return reuseAtVersion(deps.db, describeClientQuery('future-flow-budgets', scope, [endMonth]), versions.planning, () =>
    findMonthBudgets(deps.db, scope, endMonth),
  );
}

/** The cash flow summed by month and category over the range, reused at the same cash-flow version. */
function reuseMonthSums(deps: AppDependencies, scope: ClientScope, versions: ClientVersions, range: MonthRange) {
  const period = toPeriod(range.startMonth, range.endMonth);
  return reuseAtVersion(deps.db, describeClientQuery('future-flow-months', scope, [period]), versions.cashFlow, () =>
    sumByMonthAndCategory(deps.db, scope, period),
  );
}

/**
 * The months' actual and planned figures (the month rule), as GET future-flow/ gives them, with
 * what they come from: the cash flow's sums by month and category and the plan each month follows.
 * For other screens that must show the same figures (Meu desempenho); reads are reused at the
 * client's versions, under the same keys as the future flow's own.
 */
export async function findMonthFigures(
  deps: AppDependencies,
  scope: ClientScope,
  range: MonthRange,
): Promise<{ months: FutureFlowMonth[]; actualSums: MonthCategorySum[]; plansInEffect: (MonthPlan | null)[] }> {
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  const [actualSums, monthBudgets] = await Promise.all([
    reuseMonthSums(deps, scope, versions, range),
    reuseMonthBudgets(deps, scope, versions, range.endMonth),
  ]);
  const monthList = listMonths(range.startMonth, range.endMonth);
  const months = buildFutureFlowMonths({
    months: monthList,
    actualSums,
    budgets: monthBudgets.budgets,
    plans: monthBudgets.plans,
    tasks: [],
  });
  return { months, actualSums, plansInEffect: findPlansInEffect(monthList, monthBudgets.plans) };
}

/** The cash-flow period of a month range: from the first day of the first month to the last of the last. */
function toPeriod(startMonth: string, endMonth: string) {
  return { start: startMonth, end: findMonthBounds(endMonth).end };
}

/**
 * GET future-flow/: each month's actual and planned money, its budget and planning task, and what
 * is due in it (bill reminders, debt payments). Four reads for the whole range, side by side: the
 * cash flow by month and category, the budgets with their plans, the tasks, and what is due
 * (reminders, debts, card instalments), each kept at the versions their writes bump.
 */
export async function listFutureFlowMonths(
  deps: AppDependencies,
  scope: ClientScope,
  range: MonthRange & { currentMonth: string },
  options: { ideal: boolean },
): Promise<FutureFlowMonths> {
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  const [actualSums, monthBudgets, monthTasks, ideal, { toShow, instalments }] = await Promise.all([
    reuseMonthSums(deps, scope, versions, range),
    reuseMonthBudgets(deps, scope, versions, range.endMonth),
    // A client does not see their planner's unsent drafts: who asks is part of the key.
    reuseAtVersion(
      deps.db,
      describeClientQuery('future-flow-tasks', scope, [scope.caller.role, range.startMonth, range.endMonth]),
      versions.planning,
      () => findPlanningTasksOfMonths(deps.db, scope, range),
    ),
    options.ideal
      ? reuseAtVersion(deps.db, describeClientQuery('future-flow-ideal', scope, []), versions.planning, () =>
          presentIdealTotals(deps, scope),
        )
      : Promise.resolve(undefined),
    // Bill reminders bump the planning version, debts and accounts the holdings version, card
    // lines the cash-flow version: kept at the three.
    reuseAtVersion(
      deps.db,
      describeClientQuery('future-flow-expected', scope, [versions.holdings, versions.cashFlow]),
      versions.planning,
      async () => {
        const [toShow, instalments] = await Promise.all([
          findRemindersAndDebtsToShow(deps.db, scope),
          listProjectedInstalments(deps, scope),
        ]);
        return { toShow, instalments };
      },
    ),
  ]);
  const monthList = listMonths(range.startMonth, range.endMonth);
  const expected = listExpectedPayments({
    months: monthList,
    currentMonth: range.currentMonth,
    ...toShow,
    instalments: instalments.map((instalment) => ({
      name: instalment.name,
      date: instalment.billDueDate,
      amountCents: -instalment.amountCents,
    })),
  });
  const months = buildFutureFlowMonths({
    months: monthList,
    actualSums,
    budgets: monthBudgets.budgets,
    plans: monthBudgets.plans,
    tasks: monthTasks,
  });
  return {
    count: months.length,
    next: null,
    previous: null,
    startDate: range.startMonth,
    endDate: range.endMonth,
    currentMonth: range.currentMonth,
    ...(ideal === undefined ? {} : { ideal }),
    results: months.map((month) => presentMonth(month, expected.get(month.month))),
  };
}

/** The ideal budget's totals, the planner's reference beside every month (null when there is none). */
async function presentIdealTotals(deps: AppDependencies, scope: ClientScope) {
  const ideal = await findIdealBudget(deps.db, scope);
  if (!ideal) return null;
  const items = await findBudgetItems(deps.db, scope, ideal.id);
  const totals = summarizePlannedMonth(items);
  return { id: ideal.id, ...presentAmounts(totals) };
}

/**
 * GET future-flow/chart: 'Saldo planejado' and 'Saldo projetado', month by month (balances at the
 * end of each month) from the balance at the start of the range. The known balances of the
 * client's accounts are the starting point (0 when none is known: `openingBalance.source`).
 */
export async function buildFutureFlowChart(
  deps: AppDependencies,
  scope: ClientScope,
  range: MonthRange & { currentMonth: string },
): Promise<FutureFlowChart> {
  const { currentMonth } = range;
  // With a known balance, a range that starts later is reached through the months in between,
  // projected first; without one, both lines count from 0 at the range's start.
  const earliestMonth = range.startMonth.localeCompare(currentMonth) < 0 ? range.startMonth : currentMonth;
  // The cash-flow side (balances, month sums, fixed lines), read again only once the client's lines or accounts change.
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  const actualSide = reuseAtVersion(
    deps.db,
    describeClientQuery('future-flow-chart', scope, [earliestMonth, range.startMonth, range.endMonth, currentMonth]),
    versions.cashFlow,
    async () => {
      const knownBalances = await findKnownBalances(deps.db, scope);
      const openingMonth = knownBalances.length > 0 ? earliestMonth : range.startMonth;
      const period = toPeriod(earliestMonth, range.endMonth);
      // Balances dated outside the summed period need the lines between too (rare: a range wholly past, or an old balance).
      const needsMoves = knownBalances.some(
        (known) => known.balanceDate > period.end || known.balanceDate < shiftDay(openingMonth, -1),
      );
      const [actualSums, fixedLines, movedAround] = await Promise.all([
        sumByMonthAndCategory(deps.db, scope, period, knownBalances),
        findFixedLines(deps.db, scope, toPeriod(shiftMonth(currentMonth, -recurringLookbackMonths), range.endMonth)),
        needsMoves
          ? sumBalanceMovesAround(deps.db, scope, knownBalances, { openingDay: openingMonth, summedEnd: period.end })
          : Promise.resolve(0),
      ]);
      return { knownBalances, openingMonth, actualSums, fixedLines, movedAround };
    },
  );
  const [{ knownBalances, openingMonth, actualSums, fixedLines, movedAround }, monthBudgets] = await Promise.all([
    actualSide,
    reuseMonthBudgets(deps, scope, versions, range.endMonth),
  ]);
  // A balance carried back to the start of the opening month: less what its account moved from then to its day.
  const openingBalanceCents =
    knownBalances.reduce((total, known) => total + known.balanceCents, 0) -
    actualSums.reduce((total, sum) => total + sum.untilBalanceCents, 0) +
    movedAround;
  const series = buildBalanceSeries({
    startMonth: range.startMonth,
    endMonth: range.endMonth,
    currentMonth,
    openingMonth,
    openingBalanceCents,
    actualSums,
    plans: monthBudgets.plans,
    recurringItems: collectRecurringItems(fixedLines, currentMonth),
  });
  const ticks = buildAmountTicks(
    series.points
      .flatMap((point) => [point.plannedBalanceCents, point.projectedBalanceCents])
      .concat(series.openingBalanceCents),
  );
  const presentSeries = (name: BalanceSeries['name'], pick: (point: (typeof series.points)[number]) => number) => ({
    name,
    ticks,
    data: series.points.map((point) => ({ date: formatMonthNumber(point.month), amount: pick(point) })),
  });
  return {
    startDate: range.startMonth,
    endDate: range.endMonth,
    currentMonth,
    openingBalance: {
      amount: series.openingBalanceCents,
      date: range.startMonth,
      source: knownBalances.length > 0 ? 'accounts' : 'none',
      accounts: knownBalances.length,
    },
    series: [
      presentSeries(plannedSeriesName, (point) => point.plannedBalanceCents),
      presentSeries(projectedSeriesName, (point) => point.projectedBalanceCents),
    ],
    months: series.points.map((point) => ({
      date: formatMonthNumber(point.month),
      plannedResult: point.plannedResultCents,
      projectedResult: point.projectedResultCents,
    })),
  };
}

/** Where a month's new budget takes its items from. */
export type BudgetSource = { kind: 'previous' } | { kind: 'ideal' } | { kind: 'budget'; budgetId: number };

async function findSourceBudget(
  transaction: Parameters<typeof findBudgetItems>[0],
  scope: ClientScope,
  source: BudgetSource,
  month: string,
): Promise<BudgetRow | null> {
  if (source.kind === 'ideal') return findIdealBudget(transaction, scope);
  if (source.kind === 'budget') return findScopedBudget(transaction, scope, source.budgetId);
  return findLatestPlannedBudgetBefore(transaction, scope, month);
}

/**
 * future-flow/create/: makes a month's own plan as a copy of another — the plan the month follows
 * now (the latest earlier month's), the ideal budget, or a budget named by id — in one transaction.
 * A month that already plans something is edited instead.
 */
export async function createMonthPlan(deps: AppDependencies, scope: ClientScope, month: string, source: BudgetSource) {
  try {
    const budget = await deps.db.transaction(async (transaction) => {
      const created = await findOrCreateMonthBudget(transaction, scope, month);
      // Creations racing on a month wait here: the later ones find the first's items and are refused.
      const target = await findScopedBudget(transaction, scope, created.id, { lock: true });
      if ((await countBudgetItems(transaction, scope, target.id)) > 0) failInvalid(futureFlowMessages.monthHasBudget);
      const from = await findSourceBudget(transaction, scope, source, month);
      const fromItems = from && from.id !== target.id ? await findBudgetItems(transaction, scope, from.id) : [];
      // The plan the month follows gives what repeats into it, so the copy plans what the month showed.
      const items =
        source.kind === 'previous' && from?.targetMonth
          ? selectItemsOfMonth(fromItems, from.targetMonth, month)
          : fromItems;
      if (items.length === 0) failInvalid(futureFlowMessages.nothingToCopy);
      await insertBudgetItems(
        transaction,
        scope,
        target.id,
        items.map((item) => ({
          categoryId: item.categoryId,
          descriptionId: item.descriptionId,
          amountCents: item.amountCents,
          recurrence: item.recurrence,
        })),
      );
      return target;
    });
    return presentBudget(deps.db, scope, budget, { asset: true, ideal: false });
  } catch (error) {
    // Two creations of the same month racing: the second finds the first's items.
    if (isUniqueViolation(error)) failInvalid(futureFlowMessages.monthHasBudget);
    throw error;
  }
}

export interface PlannedLine {
  category: number;
  description: number | null;
  /** Positive cents plan the line; 0 removes it from the month. */
  amount: number;
}

/**
 * future-flow/edit/: sets planned amounts of a month in one transaction. A month that still follows
 * an earlier month's plan first takes a copy of it, so changing one line keeps the rest of the plan.
 */
export async function editMonthPlan(
  deps: AppDependencies,
  scope: ClientScope,
  target: { month: string } | { budgetId: number },
  lines: PlannedLine[],
) {
  const seen = new Set<string>();
  for (const line of lines) {
    const key = `${line.category}|${line.description}`;
    if (seen.has(key)) failOnField('items', futureFlowMessages.repeatedLine);
    seen.add(key);
  }
  const checked: { categoryId: number; descriptionId: number | null; amountCents: number }[] = [];
  for (const [index, line] of lines.entries()) {
    const choice = await findCategoryChoice(deps.db, scope.organizationId, line.category, line.description);
    if (!choice.found) {
      // Named by its line, as the body's own validation names it ("items.1.amount").
      failOnField(
        `items.${index}.${choice.field}`,
        choice.field === 'category' ? budgetMessages.categoryNotFound : budgetMessages.descriptionNotInCategory,
      );
    }
    checked.push({ categoryId: choice.categoryId, descriptionId: choice.descriptionId, amountCents: line.amount });
  }
  const write = deps.db.transaction(async (transaction) => {
    const found =
      'budgetId' in target
        ? await findScopedBudget(transaction, scope, target.budgetId)
        : await findOrCreateMonthBudget(transaction, scope, target.month);
    if (found.isIdeal) failNotFound(budgetMessages.budgetNotFound);
    // Edits racing on a month wait here for each other, so only the first copies the carried plan.
    const budget = await findScopedBudget(transaction, scope, found.id, { lock: true });
    if ((await countBudgetItems(transaction, scope, budget.id)) === 0) {
      const carried = await findLatestPlannedBudgetBefore(transaction, scope, budget.targetMonth as string);
      if (carried?.targetMonth) {
        const items = selectItemsOfMonth(
          await findBudgetItems(transaction, scope, carried.id),
          carried.targetMonth,
          budget.targetMonth as string,
        );
        await insertBudgetItems(
          transaction,
          scope,
          budget.id,
          items.map((item) => ({
            categoryId: item.categoryId,
            descriptionId: item.descriptionId,
            amountCents: item.amountCents,
            recurrence: item.recurrence,
          })),
        );
      }
    }
    for (const line of checked) {
      if (line.amountCents === 0) await deleteBudgetItemOfLine(transaction, scope, budget.id, line);
      else await upsertBudgetItem(transaction, scope, budget.id, line);
    }
    if ((await countBudgetItems(transaction, scope, budget.id)) > maximumItemsPerBudget) {
      fail('notCreated', budgetMessages.itemNotCreated);
    }
    return budget;
  });
  let budget: BudgetRow;
  try {
    budget = await write;
  } catch (error) {
    // The lock orders edits of one month; a line still colliding is told as the edit it failed.
    if (isUniqueViolation(error)) failConflict(budgetMessages.itemNotEdited);
    throw error;
  }
  return presentBudget(deps.db, scope, budget, { asset: true, ideal: false });
}
