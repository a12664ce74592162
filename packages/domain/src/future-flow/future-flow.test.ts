import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { summarizeActualMonth } from '../budget/month-figures';
import { findCurrentMonth } from '../budget/target-month';
import {
  buildAmountTicks,
  buildBalanceSeries,
  collectRecurringItems,
  type FixedLine,
  projectMonthResult,
  type RecurringItem,
} from './balance-projection';
import { buildFutureFlowMonths, type MonthCategorySum, type MonthPlan } from './future-flow-months';
import { countMonths, listMonths, resolveMonthRange } from './future-flow-range';

const renda = { categoryId: 1, categoryKind: 'income' as const };
const moradia = { categoryId: 2, categoryKind: 'expense' as const };
const alimentacao = { categoryId: 3, categoryKind: 'expense' as const };
const lazer = { categoryId: 4, categoryKind: 'expense' as const };
const saude = { categoryId: 5, categoryKind: 'expense' as const };
const investimentos = { categoryId: 6, categoryKind: 'asset_transfer' as const };
const uncategorized = { categoryId: null, categoryKind: null };

function useFrozenClock(now: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(now));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

describe('the months of a future flow', () => {
  // 23:30 of 30 November 2026 in Brasília, already 1 December in UTC: the current month is November.
  useFrozenClock('2026-12-01T02:30:00Z');

  it('defaults to two months ago through twelve ahead, in Brasília time', () => {
    expect(resolveMonthRange({}, new Date())).toEqual({ ok: true, startMonth: '2026-09-01', endMonth: '2027-11-01' });
    expect(countMonths('2026-09-01', '2027-11-01')).toBe(15);
    expect(listMonths('2026-11-01', '2027-02-01')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
  });

  it('reads any form of a month, keeps the window length from a lone date, and refuses what is not a range', () => {
    expect(resolveMonthRange({ startDate: '01/2027', endDate: '2027-12-31' }, new Date())).toEqual({
      ok: true,
      startMonth: '2027-01-01',
      endMonth: '2027-12-01',
    });
    expect(resolveMonthRange({ startDate: '2027-01' }, new Date())).toMatchObject({ endMonth: '2028-03-01' });
    expect(resolveMonthRange({ endDate: '2027-03' }, new Date())).toMatchObject({ startMonth: '2026-01-01' });
    // Grown from one end, the window stays within the months budgets can be for.
    expect(resolveMonthRange({ startDate: '2100-12' }, new Date())).toEqual({
      ok: true,
      startMonth: '2100-12-01',
      endMonth: '2100-12-01',
    });
    expect(resolveMonthRange({ endDate: '2000-02' }, new Date())).toMatchObject({ startMonth: '2000-01-01' });
    expect(resolveMonthRange({ startDate: '2027-01', endDate: '2031-12' }, new Date())).toMatchObject({ ok: true });
    expect(resolveMonthRange({ startDate: '2027-01', endDate: '2032-01' }, new Date())).toEqual({
      ok: false,
      field: 'endDate',
      message: 'O período pode ter no máximo 60 meses.',
    });
    expect(resolveMonthRange({ startDate: '2027-02', endDate: '2027-01' }, new Date())).toEqual({
      ok: false,
      field: 'endDate',
      message: 'A data final deve ser igual ou posterior à inicial.',
    });
    expect(resolveMonthRange({ startDate: '2027-13' }, new Date())).toEqual({
      ok: false,
      field: 'startDate',
      message: 'Mês alvo não encontrado',
    });
  });

  it('sums a month as cash-flow/summary/ does: refunds lower spending, uncategorized money by its sign, asset transfers apart', () => {
    expect(
      summarizeActualMonth([
        { ...renda, totalCents: 800_000 },
        { ...alimentacao, totalCents: -90_000 },
        { ...alimentacao, totalCents: 5_000 },
        { ...uncategorized, totalCents: -3_000 },
        { ...uncategorized, totalCents: 1_000 },
        { ...investimentos, totalCents: -100_000 },
      ]),
    ).toEqual({ incomeCents: 801_000, expenseCents: 88_000, assetTransferCents: 100_000, resultCents: 713_000 });
  });

  it('carries a plan forward until a later month has one, skips budgets that plan nothing, and shows the latest task', () => {
    const august: MonthPlan = {
      budgetId: 10,
      month: '2026-08-01',
      categories: [
        { ...renda, recurrence: 'monthly', amountCents: 800_000 },
        { ...moradia, recurrence: 'monthly', amountCents: 250_000 },
        { ...investimentos, recurrence: 'monthly', amountCents: 50_000 },
      ],
    };
    const december: MonthPlan = {
      budgetId: 12,
      month: '2026-12-01',
      categories: [{ ...renda, recurrence: 'monthly', amountCents: 900_000 }],
    };
    const actualSums: MonthCategorySum[] = [
      { month: '2026-10-01', ...renda, totalCents: 810_000 },
      { month: '2026-10-01', ...moradia, totalCents: -250_000 },
    ];
    const months = buildFutureFlowMonths({
      months: listMonths('2026-09-01', '2027-01-01'),
      actualSums,
      budgets: [
        { budgetId: 11, month: '2026-11-01' },
        { budgetId: 12, month: '2026-12-01' },
      ],
      // November's budget exists but plans nothing: August's plan still holds there.
      plans: [august, december, { budgetId: 11, month: '2026-11-01', categories: [] }],
      tasks: [
        { id: 3, month: '2026-12-01', status: 'pending' },
        { id: 5, month: '2026-12-01', status: 'done' },
      ],
    });
    expect(
      months.map((month) => [
        month.month,
        month.budgetId,
        month.plannedFrom?.month ?? null,
        month.task?.status ?? null,
      ]),
    ).toEqual([
      ['2026-09-01', null, '2026-08-01', null],
      ['2026-10-01', null, '2026-08-01', null],
      ['2026-11-01', 11, '2026-08-01', null],
      ['2026-12-01', 12, '2026-12-01', 'done'],
      ['2027-01-01', null, '2026-12-01', null],
    ]);
    expect(months[1]?.actual).toEqual({
      incomeCents: 810_000,
      expenseCents: 250_000,
      assetTransferCents: 0,
      resultCents: 560_000,
    });
    expect(months[2]?.planned).toEqual({
      incomeCents: 800_000,
      expenseCents: 250_000,
      assetTransferCents: 50_000,
      resultCents: 550_000,
    });
    expect(months[3]?.task).toEqual({ id: 5, status: 'done' });
    expect(months[4]?.planned.resultCents).toBe(900_000);
  });
});

describe('recurring items', () => {
  useFrozenClock('2026-11-15T12:00:00Z');

  const fixed = (
    line: Partial<FixedLine> & Pick<FixedLine, 'id' | 'name' | 'cashDate' | 'amountCents'>,
  ): FixedLine => ({
    merchantKey: line.name.toLowerCase(),
    ...uncategorized,
    ...line,
  });

  it('repeat from their latest occurrence, one per merchant and direction, and end when unseen for three months', () => {
    const currentMonth = findCurrentMonth(new Date());
    const items = collectRecurringItems(
      [
        fixed({ id: 1, name: 'ACADEMIA', cashDate: '2026-09-05', amountCents: -11_000, ...saude }),
        fixed({ id: 2, name: 'ACADEMIA', cashDate: '2026-10-05', amountCents: -12_000, ...saude }),
        fixed({ id: 3, name: 'ACADEMIA', cashDate: '2026-10-20', amountCents: 12_000, ...saude }),
        // Last seen in July: more than three months before November, so it has ended.
        fixed({ id: 4, name: 'CURSO DE INGLES', cashDate: '2026-07-10', amountCents: -40_000 }),
        fixed({ id: 5, name: 'CURSO DE INGLES', cashDate: '2026-08-10', amountCents: -40_000 }),
      ],
      currentMonth,
    );
    expect(items).toEqual([
      { name: 'ACADEMIA', ...saude, amountCents: -12_000, lastMonth: '2026-10-01' },
      { name: 'ACADEMIA', ...saude, amountCents: 12_000, lastMonth: '2026-10-01' },
      { name: 'CURSO DE INGLES', ...uncategorized, amountCents: -40_000, lastMonth: '2026-08-01' },
    ]);
    expect(
      collectRecurringItems([fixed({ id: 6, name: 'X', cashDate: '2026-07-31', amountCents: -1 })], currentMonth),
    ).toEqual([]);
  });
});

describe('the projected balance', () => {
  // 15 November 2026 in Brasília: November is half gone.
  useFrozenClock('2026-11-15T12:00:00Z');

  /** The client's plan since November: salary, housing, food, and money set aside. */
  const novemberPlan: MonthPlan = {
    budgetId: 1,
    month: '2026-11-01',
    categories: [
      { ...renda, recurrence: 'monthly', amountCents: 800_000 },
      { ...moradia, recurrence: 'monthly', amountCents: 250_000 },
      { ...alimentacao, recurrence: 'monthly', amountCents: 150_000 },
      { ...investimentos, recurrence: 'monthly', amountCents: 100_000 },
    ],
  };
  /** From March the plan also caps leisure, where the streaming subscription is. */
  const marchPlan: MonthPlan = {
    budgetId: 2,
    month: '2027-03-01',
    categories: [...novemberPlan.categories, { ...lazer, recurrence: 'monthly', amountCents: 80_000 }],
  };
  const recurringItems: RecurringItem[] = [
    // Already paid this month: expected again from December.
    { name: 'NETFLIX', ...lazer, amountCents: -5_590, lastMonth: '2026-11-01' },
    // Paid in October, not yet in November: still expected this month.
    { name: 'ACADEMIA', ...saude, amountCents: -12_000, lastMonth: '2026-10-01' },
    // Housing is planned: the fixed rent is in the plan, never counted twice.
    { name: 'ALUGUEL', ...moradia, amountCents: -250_000, lastMonth: '2026-11-01' },
    // A monthly transfer in, never categorized.
    { name: 'PIX MAE', ...uncategorized, amountCents: 30_000, lastMonth: '2026-10-01' },
  ];
  const november = '2026-11-01';
  const novemberSoFar: MonthCategorySum[] = [
    { month: november, ...renda, totalCents: 820_000 },
    { month: november, ...moradia, totalCents: -250_000 },
    { month: november, ...alimentacao, totalCents: -60_000 },
    { month: november, ...lazer, totalCents: -5_590 },
    { month: november, ...investimentos, totalCents: -100_000 },
  ];

  it('counts the current month as what happened so far plus what is still expected', () => {
    const currentMonth = findCurrentMonth(new Date());
    expect(currentMonth).toBe(november);
    // Salary above plan counts as it came (8.200); housing as planned; food up to its plan (1.500,
    // 600 spent so far); leisure as it is; the gym still to come; the monthly transfer still to come.
    expect(
      projectMonthResult({
        month: november,
        currentMonth,
        actualSums: novemberSoFar,
        plan: novemberPlan,
        recurringItems,
      }),
    ).toBe(820_000 - 250_000 - 150_000 - 5_590 - 12_000 + 30_000);
    // A past month is only what happened.
    expect(
      projectMonthResult({
        month: '2026-10-01',
        currentMonth,
        actualSums: [{ ...alimentacao, totalCents: -70_000 }],
        plan: novemberPlan,
        recurringItems,
      }),
    ).toBe(-70_000);
  });

  it('projects twelve months from the budget and the recurring items, both lines from the known balance', () => {
    const currentMonth = findCurrentMonth(new Date());
    const series = buildBalanceSeries({
      startMonth: november,
      endMonth: '2027-10-01',
      currentMonth,
      openingMonth: november,
      openingBalanceCents: 1_000_000,
      actualSums: novemberSoFar,
      plans: [marchPlan, novemberPlan],
      recurringItems,
    });
    expect(series.openingBalanceCents).toBe(1_000_000);
    expect(series.points).toHaveLength(12);
    const november2026 = 820_000 - 250_000 - 150_000 - 5_590 - 12_000 + 30_000;
    // December to February: November's plan carried forward, plus the unplanned fixed lines.
    const untilFebruary = 800_000 - 250_000 - 150_000 - 5_590 - 12_000 + 30_000;
    // March on: leisure is planned, so the subscription is inside the plan.
    const fromMarch = 800_000 - 250_000 - 150_000 - 80_000 - 12_000 + 30_000;
    expect(series.points.map((point) => point.projectedResultCents)).toEqual([
      november2026,
      untilFebruary,
      untilFebruary,
      untilFebruary,
      ...Array(8).fill(fromMarch),
    ]);
    expect(series.points.map((point) => point.plannedResultCents)).toEqual([
      ...Array(4).fill(400_000),
      ...Array(8).fill(320_000),
    ]);
    expect(series.points.at(-1)).toEqual({
      month: '2027-10-01',
      plannedResultCents: 320_000,
      projectedResultCents: fromMarch,
      plannedBalanceCents: 1_000_000 + 4 * 400_000 + 8 * 320_000,
      projectedBalanceCents: 1_000_000 + november2026 + 3 * untilFebruary + 8 * fromMarch,
    });
    expect(series.points.at(-1)?.projectedBalanceCents).toBe(5_373_640);
  });

  it('follows the actual months before the current one, and starts a later range where the client is expected to be', () => {
    const currentMonth = findCurrentMonth(new Date());
    const actualSums: MonthCategorySum[] = [
      { month: '2026-09-01', ...renda, totalCents: 700_000 },
      { month: '2026-09-01', ...moradia, totalCents: -250_000 },
      { month: '2026-10-01', ...renda, totalCents: 700_000 },
      { month: '2026-10-01', ...alimentacao, totalCents: -500_000 },
      ...novemberSoFar,
    ];
    const past = buildBalanceSeries({
      startMonth: '2026-09-01',
      endMonth: '2026-12-01',
      currentMonth,
      openingMonth: '2026-09-01',
      openingBalanceCents: 100_000,
      actualSums,
      plans: [novemberPlan],
      recurringItems: [],
    });
    expect(past.points.map((point) => [point.month, point.projectedBalanceCents, point.plannedBalanceCents])).toEqual([
      ['2026-09-01', 550_000, 100_000],
      ['2026-10-01', 750_000, 100_000],
      ['2026-11-01', 750_000 + 820_000 - 250_000 - 150_000 - 5_590, 500_000],
      ['2026-12-01', 750_000 + 820_000 - 250_000 - 150_000 - 5_590 + 400_000, 900_000],
    ]);
    const later = buildBalanceSeries({
      startMonth: '2027-01-01',
      endMonth: '2027-02-01',
      currentMonth,
      openingMonth: currentMonth,
      openingBalanceCents: 100_000,
      actualSums: novemberSoFar,
      plans: [novemberPlan],
      recurringItems: [],
    });
    const expectedInJanuary = 100_000 + (820_000 - 250_000 - 150_000 - 5_590) + 400_000;
    expect(later.openingBalanceCents).toBe(expectedInJanuary);
    expect(later.points.map((point) => [point.month, point.plannedBalanceCents, point.projectedBalanceCents])).toEqual([
      ['2027-01-01', expectedInJanuary + 400_000, expectedInJanuary + 400_000],
      ['2027-02-01', expectedInJanuary + 800_000, expectedInJanuary + 800_000],
    ]);
  });
});

describe('the amount axis', () => {
  it('covers every value and zero in round steps of reais', () => {
    expect(buildAmountTicks([1_000_000, 5_373_640])).toEqual([0, 2_000_000, 4_000_000, 6_000_000]);
    expect(buildAmountTicks([-150_000, 320_000])).toEqual([-200_000, 0, 200_000, 400_000]);
    expect(buildAmountTicks([0, 0])).toEqual([0]);
    expect(buildAmountTicks([250])).toEqual([0, 100, 200, 300]);
  });
});
