import { describe, expect, it } from 'vitest';
import { buildBalanceSeries } from '../future-flow/balance-projection';
import { buildFutureFlowMonths, type MonthPlan } from '../future-flow/future-flow-months';
import { listMonths } from '../future-flow/future-flow-range';
import { compareBudgetWithActual } from './budget-comparison';
import { sumBudgetItems } from './budget-plan';
import { isPlannedInMonth, selectItemsOfMonth } from './budget-recurrence';
import { findMonthGroup, summarizeActualMonth, summarizePlannedMonth } from './month-figures';

const salario = { categoryId: 1, categoryName: 'Renda', categoryKind: 'income' as const };
const moradia = { categoryId: 2, categoryName: 'Moradia', categoryKind: 'expense' as const };
const aplicacao = { categoryId: 3, categoryName: 'Investimentos', categoryKind: 'asset_transfer' as const };
const faturaPaga = { categoryId: 4, categoryName: 'Transferências', categoryKind: 'own_transfer' as const };
const impostos = { categoryId: 5, categoryName: 'Impostos', categoryKind: 'expense' as const };

describe('the month rule', () => {
  it('says where money counts: own transfers nowhere, uncategorized money by its sign', () => {
    expect(findMonthGroup('income', 100)).toBe('income');
    expect(findMonthGroup('expense', 100)).toBe('expense');
    expect(findMonthGroup('asset_transfer', -100)).toBe('assetTransfer');
    expect(findMonthGroup('own_transfer', -100)).toBeNull();
    expect(findMonthGroup(null, -100)).toBe('expense');
    expect(findMonthGroup(null, 100)).toBe('income');
  });

  it('gives a month the same figures planned and actual: result = income − expense, investments apart', () => {
    const planned = summarizePlannedMonth([
      { ...salario, amountCents: 950_000 },
      { ...moradia, amountCents: 538_990 },
      { ...aplicacao, amountCents: 100_000 },
      { ...faturaPaga, amountCents: 300_000 },
    ]);
    expect(planned).toEqual({
      incomeCents: 950_000,
      expenseCents: 538_990,
      assetTransferCents: 100_000,
      resultCents: 411_010,
    });
    const actual = summarizeActualMonth([
      { ...salario, totalCents: 950_000 },
      { ...moradia, totalCents: -538_990 },
      { ...aplicacao, totalCents: -100_000 },
      // Paying the card bill from the checking account: money changing place between own accounts.
      { ...faturaPaga, totalCents: -300_000 },
    ]);
    expect(actual).toEqual(planned);
  });

  it('is the rule of the budget totals, the comparison and the future flow alike', () => {
    const items = [
      {
        id: 1,
        ...salario,
        descriptionId: null,
        descriptionName: null,
        amountCents: 950_000,
        recurrence: 'monthly' as const,
      },
      {
        id: 2,
        ...moradia,
        descriptionId: null,
        descriptionName: null,
        amountCents: 538_990,
        recurrence: 'monthly' as const,
      },
      {
        id: 3,
        ...aplicacao,
        descriptionId: null,
        descriptionName: null,
        amountCents: 100_000,
        recurrence: 'monthly' as const,
      },
    ];
    const totals = sumBudgetItems(items);
    const comparison = compareBudgetWithActual(items, [], { includeAssetTransfers: true });
    const [month] = buildFutureFlowMonths({
      months: ['2026-11-01'],
      actualSums: [],
      budgets: [{ budgetId: 9, month: '2026-11-01' }],
      plans: [{ budgetId: 9, month: '2026-11-01', categories: items }],
      tasks: [],
    });
    expect(totals.resultCents).toBe(411_010);
    expect(comparison.totals.result.plannedCents).toBe(totals.resultCents);
    expect(comparison.totals.assetTransfer.plannedCents).toBe(totals.assetTransferCents);
    expect(month?.planned).toEqual(totals);
  });
});

describe('how a budget item repeats', () => {
  it('monthly in every later month, yearly in the same month of later years, once only in its month', () => {
    expect(isPlannedInMonth('monthly', '2027-01-01', '2027-02-01')).toBe(true);
    expect(isPlannedInMonth('once', '2027-01-01', '2027-01-01')).toBe(true);
    expect(isPlannedInMonth('once', '2027-01-01', '2027-02-01')).toBe(false);
    expect(isPlannedInMonth('once', '2027-01-01', '2028-01-01')).toBe(false);
    expect(isPlannedInMonth('yearly', '2027-01-01', '2027-02-01')).toBe(false);
    expect(isPlannedInMonth('yearly', '2027-01-01', '2027-12-01')).toBe(false);
    expect(isPlannedInMonth('yearly', '2027-01-01', '2028-01-01')).toBe(true);
    expect(isPlannedInMonth('yearly', '2027-01-01', '2029-01-01')).toBe(true);
    // Never backwards: a plan says nothing about the months before it.
    expect(isPlannedInMonth('monthly', '2027-01-01', '2026-12-01')).toBe(false);
    expect(
      selectItemsOfMonth(
        [
          { name: 'salário', recurrence: 'monthly' as const },
          { name: 'IPVA', recurrence: 'once' as const },
        ],
        '2027-01-01',
        '2027-03-01',
      ).map((item) => item.name),
    ).toEqual(['salário']);
  });

  it('carries a January plan: the IPVA paid once stays in January, a yearly one comes back next January', () => {
    const january = (recurrence: 'once' | 'yearly'): MonthPlan => ({
      budgetId: 1,
      month: '2027-01-01',
      categories: [
        { ...salario, amountCents: 950_000, recurrence: 'monthly' },
        { ...moradia, amountCents: 400_000, recurrence: 'monthly' },
        { ...impostos, amountCents: 250_000, recurrence },
      ],
    });
    const months = listMonths('2027-01-01', '2028-02-01');
    const plannedExpenses = (plan: MonthPlan) =>
      buildFutureFlowMonths({ months, actualSums: [], budgets: [], plans: [plan], tasks: [] }).map(
        (month) => month.planned.expenseCents,
      );
    const once = plannedExpenses(january('once'));
    expect(once[0]).toBe(650_000);
    expect(once.slice(1)).toEqual(Array(13).fill(400_000));
    const yearly = plannedExpenses(january('yearly'));
    expect(yearly[0]).toBe(650_000);
    expect(yearly.slice(1, 12)).toEqual(Array(11).fill(400_000));
    expect(yearly[12]).toBe(650_000); // January 2028
    expect(yearly[13]).toBe(400_000);

    // The planned balance pays the IPVA once, not every month.
    const series = buildBalanceSeries({
      startMonth: '2027-01-01',
      endMonth: '2027-03-01',
      currentMonth: '2026-12-01',
      openingMonth: '2027-01-01',
      openingBalanceCents: 0,
      actualSums: [],
      plans: [january('once')],
      recurringItems: [],
    });
    expect(series.points.map((point) => [point.plannedResultCents, point.projectedResultCents])).toEqual([
      [300_000, 300_000],
      [550_000, 550_000],
      [550_000, 550_000],
    ]);
  });
});
