import type { CategoryKind } from '../categorization/default-categories';

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
    if (item.categoryKind === 'asset_transfer' && !options.includeAssetTransfers) continue;
    // Money between the client's own accounts is neither spent nor set aside.
    if (item.categoryKind === 'own_transfer') continue;
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

export interface BudgetTotals {
  incomeCents: number;
  expenseCents: number;
  assetTransferCents: number;
  /** What the plan leaves over: incomes less expenses and money set aside (negative: the plan overspends). */
  balanceCents: number;
}

/** Totals of every item, whatever a screen chooses to list. */
export function sumBudgetItems(items: readonly PlannedItem[]): BudgetTotals {
  let incomeCents = 0;
  let expenseCents = 0;
  let assetTransferCents = 0;
  for (const item of items) {
    if (item.categoryKind === 'income') incomeCents += item.amountCents;
    else if (item.categoryKind === 'expense') expenseCents += item.amountCents;
    else if (item.categoryKind === 'asset_transfer') assetTransferCents += item.amountCents;
  }
  return {
    incomeCents,
    expenseCents,
    assetTransferCents,
    balanceCents: incomeCents - expenseCents - assetTransferCents,
  };
}
