import { describe, expect, it } from 'vitest';
import { compareBudgetWithActual } from '../budget/budget-comparison';
import { sumBudgetItems } from '../budget/budget-plan';
import { summarizeActualMonth } from '../budget/month-figures';

// A month: salary in, a market expense, an investment, and a card bill paid (in on the card, out of the account).
const month = [
  { categoryId: 1, categoryName: 'Renda', categoryKind: 'income' as const, totalCents: 800_000 },
  { categoryId: 2, categoryName: 'Alimentação', categoryKind: 'expense' as const, totalCents: -40_000 },
  { categoryId: 3, categoryName: 'Investimentos', categoryKind: 'asset_transfer' as const, totalCents: -100_000 },
  { categoryId: 4, categoryName: 'Transferências', categoryKind: 'own_transfer' as const, totalCents: 125_040 },
  { categoryId: 4, categoryName: 'Transferências', categoryKind: 'own_transfer' as const, totalCents: -135_040 },
];

describe('money between the client’s own accounts counts as nothing', () => {
  it('in the future flow’s actual side', () => {
    expect(summarizeActualMonth(month)).toEqual({
      incomeCents: 800_000,
      expenseCents: 40_000,
      assetTransferCents: 100_000,
      resultCents: 760_000,
    });
  });

  it('in the budget comparison, on either side', () => {
    const comparison = compareBudgetWithActual(
      [],
      month.map((sum) => ({ ...sum, descriptionId: null, descriptionName: null })),
      { includeAssetTransfers: true },
    );
    expect(comparison.totals.income.actualCents).toBe(800_000);
    expect(comparison.totals.expense.actualCents).toBe(40_000);
    expect(comparison.totals.assetTransfer.actualCents).toBe(100_000);
    expect(comparison.totals.result.actualCents).toBe(760_000);
    const listed = [...comparison.expense, ...comparison.income, ...comparison.assetTransfer];
    expect(listed.map((category) => category.categoryName)).not.toContain('Transferências');
  });

  it('in a plan’s totals', () => {
    const item = {
      id: 1,
      categoryName: 'x',
      descriptionId: null,
      descriptionName: null,
      recurrence: 'monthly' as const,
    };
    expect(
      sumBudgetItems([
        { ...item, categoryId: 1, categoryKind: 'income', amountCents: 500_000 },
        { ...item, categoryId: 4, categoryKind: 'own_transfer', amountCents: 125_040 },
      ]),
    ).toEqual({ incomeCents: 500_000, expenseCents: 0, assetTransferCents: 0, resultCents: 500_000 });
  });
});
