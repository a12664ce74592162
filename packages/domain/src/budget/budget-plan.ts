import type { CategoryKind } from '../categorization/default-categories';
import type { BudgetItemRecurrence } from './budget-recurrence';
import { type MonthFigures, summarizePlannedMonth } from './month-figures';

/**
 * A budget item plans an amount (positive cents) for a category, optionally one of its
 * descriptions. Whether it is money in or out comes from the category's kind: an expense, an
 * income, or an asset transfer (money set aside — an investment — planned as an outflow).
 */
export interface PlannedItem {
  id: number;
  categoryId: number;
  categoryName: string;
  categoryKind: CategoryKind;
  descriptionId: number | null;
  descriptionName: string | null;
  amountCents: number;
  recurrence: BudgetItemRecurrence;
}

/** Largest planned amount of one item: R$ 1 billion, far beyond a household's month. */
export const maximumPlannedCents = 100_000_000_000;

export interface ExpenseGroup<Item extends PlannedItem> {
  categoryId: number;
  categoryName: string;
  totalCents: number;
  items: Item[];
}

export interface GroupedBudget<Item extends PlannedItem> {
  expenseGroups: ExpenseGroup<Item>[];
  incomeItems: Item[];
}

/**
 * Expenses grouped by category (in the order the items come, which is the category tree's),
 * incomes as one list. Asset transfers join the expense groups only when asked for.
 */
export function groupBudgetItems<Item extends PlannedItem>(
  items: readonly Item[],
  options: { includeAssetTransfers: boolean },
): GroupedBudget<Item> {
  const groups = new Map<number, ExpenseGroup<Item>>();
  const incomeItems: Item[] = [];
  for (const item of items) {
    if (item.categoryKind === 'income') {
      incomeItems.push(item);
      continue;
    }
    // Money that only changes place (investments) is listed beside the expenses when asked for.
    if (item.categoryKind !== 'expense' && !options.includeAssetTransfers) continue;
    const group = groups.get(item.categoryId) ?? {
      categoryId: item.categoryId,
      categoryName: item.categoryName,
      totalCents: 0,
      items: [],
    };
    group.totalCents += item.amountCents;
    group.items.push(item);
    groups.set(item.categoryId, group);
  }
  return { expenseGroups: [...groups.values()], incomeItems };
}

/** Totals of every item, whatever a screen chooses to list, under the month rule (result = income − expense). */
export function sumBudgetItems(items: readonly PlannedItem[]): MonthFigures {
  return summarizePlannedMonth(items);
}
