import type { Category, Description } from '@prumo/contract/categories';
import { useMemo } from 'react';
import { useCategories } from '../api/get-categories';
import { useDescriptions } from '../api/get-descriptions';

export interface DescriptionOptionGroup {
  group: string;
  items: { value: string; label: string }[];
}

interface CategoryTree {
  groups: DescriptionOptionGroup[];
  descriptionsById: Map<string, Description>;
}

/**
 * The descriptions grouped by category, in the tree's order. An option's label names its category
 * too, so the field reads "Alimentação · Supermercado" and a search for a category finds its
 * descriptions; the list itself shows the description alone under its group.
 */
function buildCategoryTree(categories: readonly Category[], descriptions: readonly Description[]): CategoryTree {
  const descriptionsById = new Map<string, Description>();
  const byCategory = new Map<number, Description[]>();
  for (const description of descriptions) {
    descriptionsById.set(String(description.id), description);
    const list = byCategory.get(description.category) ?? [];
    list.push(description);
    byCategory.set(description.category, list);
  }
  const groups = categories
    .filter((category) => byCategory.has(category.id))
    .map((category) => ({
      group: category.name,
      items: (byCategory.get(category.id) ?? []).map((description) => ({
        value: String(description.id),
        label: `${category.name} · ${description.name}`,
      })),
    }));
  return { groups, descriptionsById };
}

export function useCategoryTree() {
  const categories = useCategories();
  const descriptions = useDescriptions();
  const tree = useMemo(
    () => buildCategoryTree(categories.data ?? [], descriptions.data ?? []),
    [categories.data, descriptions.data],
  );
  return {
    ...tree,
    categories: categories.data ?? [],
    isPending: categories.isPending || descriptions.isPending,
    isError: categories.isError || descriptions.isError,
  };
}
