import type { CategoryKind } from '../categorization/default-categories';

/**
 * What a month's money means, planned and actual — the one rule every screen and call uses.
 *
 * - Income: money in of income categories (and money in without a category).
 * - Expense: money out of expense categories, a refund lowering it (and money out without a category).
 * - Investment (asset transfer): money the client sets aside; apart — what was done with the result.
 * - A transfer between the client's own accounts (`own_transfer`, e.g. paying a card bill from the
 *   checking account) is none of them: it counts nowhere.
 * - Result = income − expense. Investments never change it.
 */

export type MonthGroupName = 'income' | 'expense' | 'assetTransfer';

/** A month's figures, each a positive flow when money goes the usual way. */
export interface MonthFigures {
  incomeCents: number;
  expenseCents: number;
  /** Money set aside (investments): apart from the result. */
  assetTransferCents: number;
  /** Income less expense. */
  resultCents: number;
}

/**
 * The group money counts in: the category's kind, else (no category) its sign; null for a transfer
 * between the client's own accounts, which is neither earned, spent nor invested.
 */
export function findMonthGroup(kind: CategoryKind | null, signedCents: number): MonthGroupName | null {
  if (kind === 'income') return 'income';
  if (kind === 'expense') return 'expense';
  if (kind === 'asset_transfer') return 'assetTransfer';
  if (kind === null) return signedCents < 0 ? 'expense' : 'income';
  return null;
}

/** Income less expense: what the month adds to the client's money. */
export function computeMonthResult(figures: { incomeCents: number; expenseCents: number }): number {
  return figures.incomeCents - figures.expenseCents;
}

function completeFigures(incomeCents: number, expenseCents: number, assetTransferCents: number): MonthFigures {
  return {
    incomeCents,
    expenseCents,
    assetTransferCents,
    resultCents: computeMonthResult({ incomeCents, expenseCents }),
  };
}

/** Planned figures from planned amounts (positive cents, the kind saying in or out). */
export function summarizePlannedMonth(
  items: readonly { categoryKind: CategoryKind; amountCents: number }[],
): MonthFigures {
  const totals = { income: 0, expense: 0, assetTransfer: 0 };
  for (const item of items) {
    const group = findMonthGroup(item.categoryKind, item.amountCents);
    if (group) totals[group] += item.amountCents;
  }
  return completeFigures(totals.income, totals.expense, totals.assetTransfer);
}

/** Converts signed cents (negative = money out) into the group's positive flow: money in for incomes, out otherwise. */
export function toGroupFlow(group: MonthGroupName, signedCents: number): number {
  return group === 'income' ? signedCents : -signedCents;
}

/** Actual figures from the cash flow's signed sums (negative = money out), a refund lowering what was spent. */
export function summarizeActualMonth(
  sums: readonly { categoryKind: CategoryKind | null; totalCents: number }[],
): MonthFigures {
  const totals = { income: 0, expense: 0, assetTransfer: 0 };
  for (const sum of sums) {
    const group = findMonthGroup(sum.categoryKind, sum.totalCents);
    if (group) totals[group] += toGroupFlow(group, sum.totalCents);
  }
  return completeFigures(totals.income, totals.expense, totals.assetTransfer);
}
