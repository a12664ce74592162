import type { CategoryKind } from '../categorization/default-categories';
import type { PlannedItem } from './budget-plan';
import { computeMonthResult, findMonthGroup, type MonthGroupName, toGroupFlow } from './month-figures';

/** What the cash flow shows for a month: signed cents per category and description (negative = out). */
export interface ActualSum {
  categoryId: number | null;
  categoryName: string | null;
  categoryKind: CategoryKind | null;
  descriptionId: number | null;
  descriptionName: string | null;
  totalCents: number;
}

export interface ComparedAmounts {
  plannedCents: number;
  actualCents: number;
  /**
   * Planned less actual: for expenses and money set aside, what is still free to spend (negative:
   * over the budget); for incomes, what is still to come in (negative: more came in than planned).
   */
  differenceCents: number;
}

export interface ComparedDescription extends ComparedAmounts {
  descriptionId: number | null;
  descriptionName: string;
}

export interface ComparedCategory extends ComparedAmounts {
  categoryId: number | null;
  categoryName: string;
  descriptions: ComparedDescription[];
}

export type ComparisonGroupName = MonthGroupName;

export interface BudgetComparison {
  expense: ComparedCategory[];
  income: ComparedCategory[];
  assetTransfer: ComparedCategory[];
  totals: Record<ComparisonGroupName, ComparedAmounts> & {
    /** Income less expense (the month rule), planned and as it happened; investments apart. */
    result: { plannedCents: number; actualCents: number };
  };
}

export const uncategorizedName = 'Sem categoria';
export const undescribedName = 'Sem descrição';

function compare(plannedCents: number, actualCents: number): ComparedAmounts {
  return { plannedCents, actualCents, differenceCents: plannedCents - actualCents };
}

/**
 * Planned against actual per category and description. Actual amounts are turned into the plan's
 * terms: money that came in for incomes, money that went out for expenses and transfers (a refund
 * lowers what was spent); a transfer between the client's own accounts counts nowhere. Planned categories come first, in the plan's order; then the categories
 * that only have actual money, in the cash flow's order. Totals cover every group, listed or not.
 */
export function compareBudgetWithActual(
  plannedItems: readonly PlannedItem[],
  actualSums: readonly ActualSum[],
  options: { includeAssetTransfers: boolean },
): BudgetComparison {
  type Entry = {
    categoryId: number | null;
    categoryName: string;
    descriptions: Map<
      string,
      { descriptionId: number | null; descriptionName: string; planned: number; actual: number }
    >;
  };
  const groups: Record<ComparisonGroupName, Map<string, Entry>> = {
    expense: new Map(),
    income: new Map(),
    assetTransfer: new Map(),
  };
  const add = (
    groupName: ComparisonGroupName,
    category: { id: number | null; name: string },
    description: { id: number | null; name: string },
    amounts: { planned: number; actual: number },
  ) => {
    const categoryKey = String(category.id);
    const entry = groups[groupName].get(categoryKey) ?? {
      categoryId: category.id,
      categoryName: category.name,
      descriptions: new Map(),
    };
    const descriptionKey = String(description.id);
    const row = entry.descriptions.get(descriptionKey) ?? {
      descriptionId: description.id,
      descriptionName: description.name,
      planned: 0,
      actual: 0,
    };
    row.planned += amounts.planned;
    row.actual += amounts.actual;
    entry.descriptions.set(descriptionKey, row);
    groups[groupName].set(categoryKey, entry);
  };
  for (const item of plannedItems) {
    const groupName = findMonthGroup(item.categoryKind, item.amountCents);
    if (!groupName) continue;
    add(
      groupName,
      { id: item.categoryId, name: item.categoryName },
      { id: item.descriptionId, name: item.descriptionName ?? undescribedName },
      { planned: item.amountCents, actual: 0 },
    );
  }
  for (const sum of actualSums) {
    const groupName = findMonthGroup(sum.categoryKind, sum.totalCents);
    if (!groupName) continue;
    add(
      groupName,
      { id: sum.categoryId, name: sum.categoryName ?? uncategorizedName },
      { id: sum.descriptionId, name: sum.descriptionName ?? undescribedName },
      { planned: 0, actual: toGroupFlow(groupName, sum.totalCents) },
    );
  }
  const present = (groupName: ComparisonGroupName): ComparedCategory[] =>
    [...groups[groupName].values()].map((entry) => {
      const descriptions = [...entry.descriptions.values()].map((row) => ({
        descriptionId: row.descriptionId,
        descriptionName: row.descriptionName,
        ...compare(row.planned, row.actual),
      }));
      const planned = descriptions.reduce((total, row) => total + row.plannedCents, 0);
      const actual = descriptions.reduce((total, row) => total + row.actualCents, 0);
      return {
        categoryId: entry.categoryId,
        categoryName: entry.categoryName,
        ...compare(planned, actual),
        descriptions,
      };
    });
  const expense = present('expense');
  const income = present('income');
  const assetTransfer = present('assetTransfer');
  const total = (categories: ComparedCategory[]) =>
    compare(
      categories.reduce((sum, category) => sum + category.plannedCents, 0),
      categories.reduce((sum, category) => sum + category.actualCents, 0),
    );
  const totals = { expense: total(expense), income: total(income), assetTransfer: total(assetTransfer) };
  return {
    expense,
    income,
    assetTransfer: options.includeAssetTransfers ? assetTransfer : [],
    totals: {
      ...totals,
      result: {
        plannedCents: computeMonthResult({
          incomeCents: totals.income.plannedCents,
          expenseCents: totals.expense.plannedCents,
        }),
        actualCents: computeMonthResult({
          incomeCents: totals.income.actualCents,
          expenseCents: totals.expense.actualCents,
        }),
      },
    },
  };
}
