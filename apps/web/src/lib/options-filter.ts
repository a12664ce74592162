import type { ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { foldForSearch } from '@prumo/domain/records/search-text';

/**
 * The pickers' search ignores accents and case, as the API's searches do: 'agua' finds 'Água e
 * esgoto'. Mantine's own filter only ignores case. Groups keep their order and drop when empty.
 */
export const filterOptionsIgnoringAccents: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldForSearch(search.trim());
  const result: ComboboxParsedItem[] = [];
  let count = 0;
  for (const item of options) {
    if (count >= limit) break;
    if ('group' in item) {
      const items = item.items.filter((option) => foldForSearch(option.label).includes(wanted)).slice(0, limit - count);
      count += items.length;
      if (items.length) result.push({ group: item.group, items });
    } else if (foldForSearch(item.label).includes(wanted)) {
      result.push(item);
      count += 1;
    }
  }
  return result;
};
