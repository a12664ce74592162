import { describe, expect, it } from 'vitest';
import { type ActualSum, compareBudgetWithActual } from './budget-comparison';
import { groupBudgetItems, type PlannedItem, sumBudgetItems } from './budget-plan';
import {
  findCurrentMonth,
  findMonthBounds,
  findMonthOfDay,
  formatMonthName,
  formatMonthNumber,
  formatMonthTitle,
  parseTargetMonth,
  shiftMonth,
} from './target-month';

describe('target month', () => {
  it.each([
    ['2026-11', '2026-11-01'],
    ['2026-11-01', '2026-11-01'],
    ['2026-11-30', '2026-11-01'],
    ['11/2026', '2026-11-01'],
    ['15/11/2026', '2026-11-01'],
    [' 2026-02 ', '2026-02-01'],
    ['2024-02-29', '2024-02-01'],
  ])('reads %s as the month %s', (text, month) => {
    expect(parseTargetMonth(text)).toBe(month);
  });

  it.each([
    '',
    'novembro',
    '2026-13',
    '2026-00',
    '13/2026',
    '2026-02-30',
    '31/04/2026',
    '1999-12',
    '2101-01',
    '2026/11',
  ])('refuses %j', (text) => {
    expect(parseTargetMonth(text)).toBeNull();
  });

  it('gives the first and last day of a month, leap years included', () => {
    expect(findMonthBounds('2026-11-01')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(findMonthBounds('2024-02-01')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(findMonthBounds('2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('turns the month at midnight in Brasília, not in UTC', () => {
    // 02:30 UTC on 1 December is still 23:30 on 30 November in São Paulo.
    expect(findCurrentMonth(new Date('2026-12-01T02:30:00Z'))).toBe('2026-11-01');
    expect(findCurrentMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01');
  });

  it('finds the month of a day, shifts months across years and names them in pt-BR', () => {
    expect(findMonthOfDay('2026-11-17')).toBe('2026-11-01');
    expect(shiftMonth('2026-12-01', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01-01', -1)).toBe('2025-12-01');
    expect(formatMonthName('2026-11-01')).toBe('novembro de 2026');
    expect(formatMonthTitle('2026-03-01')).toBe('Março de 2026');
    expect(formatMonthNumber('2026-03-01')).toBe('03/2026');
  });
});

const moradia = { categoryId: 1, categoryName: 'Moradia', categoryKind: 'expense' as const };
const alimentacao = { categoryId: 2, categoryName: 'Alimentação', categoryKind: 'expense' as const };
const renda = { categoryId: 3, categoryName: 'Renda', categoryKind: 'income' as const };
const investimentos = { categoryId: 4, categoryName: 'Investimentos', categoryKind: 'asset_transfer' as const };

const plan: PlannedItem[] = [
  { id: 1, ...moradia, descriptionId: 10, descriptionName: 'Aluguel', amountCents: 200_000, recurrence: 'monthly' },
  { id: 2, ...moradia, descriptionId: 11, descriptionName: 'Condomínio', amountCents: 50_000, recurrence: 'monthly' },
  { id: 3, ...alimentacao, descriptionId: null, descriptionName: null, amountCents: 150_000, recurrence: 'monthly' },
  { id: 4, ...renda, descriptionId: 30, descriptionName: 'Salário', amountCents: 800_000, recurrence: 'monthly' },
  {
    id: 5,
    ...investimentos,
    descriptionId: 40,
    descriptionName: 'Aplicação',
    amountCents: 100_000,
    recurrence: 'monthly',
  },
];

describe('budget plan', () => {
  it('groups expenses by category, lists incomes, and leaves asset transfers out unless asked', () => {
    const grouped = groupBudgetItems(plan, { includeAssetTransfers: false });
    expect(grouped.expenseGroups.map((group) => [group.categoryName, group.totalCents, group.items.length])).toEqual([
      ['Moradia', 250_000, 2],
      ['Alimentação', 150_000, 1],
    ]);
    expect(grouped.incomeItems.map((item) => item.id)).toEqual([4]);
    const withTransfers = groupBudgetItems(plan, { includeAssetTransfers: true });
    expect(withTransfers.expenseGroups.map((group) => group.categoryName)).toEqual([
      'Moradia',
      'Alimentação',
      'Investimentos',
    ]);
  });

  it('totals every item under the month rule: result = income − expense, money set aside apart', () => {
    expect(sumBudgetItems(plan)).toEqual({
      incomeCents: 800_000,
      expenseCents: 400_000,
      assetTransferCents: 100_000,
      resultCents: 400_000,
    });
    expect(sumBudgetItems([])).toEqual({ incomeCents: 0, expenseCents: 0, assetTransferCents: 0, resultCents: 0 });
  });
});

describe('planned against actual', () => {
  const actual: ActualSum[] = [
    { ...moradia, descriptionId: 10, descriptionName: 'Aluguel', totalCents: -200_000 },
    { ...moradia, descriptionId: 11, descriptionName: 'Condomínio', totalCents: -62_000 },
    { ...alimentacao, descriptionId: 20, descriptionName: 'Supermercado', totalCents: -90_000 },
    // A refund lowers what was spent.
    { ...alimentacao, descriptionId: 20, descriptionName: 'Supermercado', totalCents: 5_000 },
    { ...renda, descriptionId: 30, descriptionName: 'Salário', totalCents: 820_000 },
    { ...investimentos, descriptionId: 40, descriptionName: 'Aplicação', totalCents: -100_000 },
    {
      categoryId: 5,
      categoryName: 'Lazer',
      categoryKind: 'expense',
      descriptionId: 50,
      descriptionName: 'Cinema e shows',
      totalCents: -8_000,
    },
    {
      categoryId: null,
      categoryName: null,
      categoryKind: null,
      descriptionId: null,
      descriptionName: null,
      totalCents: -3_000,
    },
  ];

  it('compares per category and description, planned categories first, then unplanned money', () => {
    const comparison = compareBudgetWithActual(plan, actual, { includeAssetTransfers: false });
    expect(
      comparison.expense.map((category) => [
        category.categoryName,
        category.plannedCents,
        category.actualCents,
        category.differenceCents,
      ]),
    ).toEqual([
      ['Moradia', 250_000, 262_000, -12_000],
      ['Alimentação', 150_000, 85_000, 65_000],
      ['Lazer', 0, 8_000, -8_000],
      ['Sem categoria', 0, 3_000, -3_000],
    ]);
    expect(
      comparison.expense[1]?.descriptions.map((row) => [row.descriptionName, row.plannedCents, row.actualCents]),
    ).toEqual([
      ['Sem descrição', 150_000, 0],
      ['Supermercado', 0, 85_000],
    ]);
    expect(comparison.income).toEqual([
      {
        categoryId: 3,
        categoryName: 'Renda',
        plannedCents: 800_000,
        actualCents: 820_000,
        differenceCents: -20_000,
        descriptions: [
          {
            descriptionId: 30,
            descriptionName: 'Salário',
            plannedCents: 800_000,
            actualCents: 820_000,
            differenceCents: -20_000,
          },
        ],
      },
    ]);
    expect(comparison.assetTransfer).toEqual([]);
    expect(comparison.totals).toEqual({
      expense: { plannedCents: 400_000, actualCents: 358_000, differenceCents: 42_000 },
      income: { plannedCents: 800_000, actualCents: 820_000, differenceCents: -20_000 },
      assetTransfer: { plannedCents: 100_000, actualCents: 100_000, differenceCents: 0 },
      result: { plannedCents: 400_000, actualCents: 462_000 },
    });
  });

  it('lists money set aside when asked, and compares an empty plan with an empty month', () => {
    const comparison = compareBudgetWithActual(plan, actual, { includeAssetTransfers: true });
    expect(comparison.assetTransfer.map((category) => [category.categoryName, category.differenceCents])).toEqual([
      ['Investimentos', 0],
    ]);
    const empty = compareBudgetWithActual([], [], { includeAssetTransfers: true });
    expect(empty.expense).toEqual([]);
    expect(empty.totals.result).toEqual({ plannedCents: 0, actualCents: 0 });
  });
});
