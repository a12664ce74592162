import type { Category, CategoryKind, Description } from '@prumo/contract/categories';
import { useMemo } from 'react';
import { useBudgetCategories, useBudgetDescriptions } from '../api/get-budget-categories';

export const kindLabels: Record<CategoryKind, string> = {
  expense: 'Despesas',
  income: 'Receitas',
  asset_transfer: 'Investimentos',
  own_transfer: 'Transferências entre contas',
};

interface OptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

/** The category choices grouped by kind, and each category's descriptions, in the tree's order. */
function buildOptions(categories: readonly Category[], descriptions: readonly Description[]) {
  // A budget plans what is earned, spent and invested; paying a card bill is none of them (its
  // purchases are the expenses), so own transfers are not offered.
  const categoryGroups: OptionGroup[] = (['expense', 'income', 'asset_transfer'] as const)
    .map((kind) => ({
      group: kindLabels[kind],
      items: categories
        .filter((category) => category.kind === kind)
        .map((category) => ({ value: String(category.id), label: category.name })),
    }))
    .filter((group) => group.items.length > 0);
  const descriptionsByCategory = new Map<number, { value: string; label: string }[]>();
  for (const description of descriptions) {
    const list = descriptionsByCategory.get(description.category) ?? [];
    list.push({ value: String(description.id), label: description.name });
    descriptionsByCategory.set(description.category, list);
  }
  return { categoryGroups, descriptionsByCategory };
}

export function useBudgetCategoryOptions() {
  const categories = useBudgetCategories();
  const descriptions = useBudgetDescriptions();
  const options = useMemo(
    () => buildOptions(categories.data ?? [], descriptions.data ?? []),
    [categories.data, descriptions.data],
  );
  return { ...options, isPending: categories.isPending || descriptions.isPending };
}
