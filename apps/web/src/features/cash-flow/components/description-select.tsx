import { Select, type SelectProps, Text } from '@mantine/core';
import type { Description } from '@prumo/contract/categories';
import { useCategoryTree } from '../hooks/use-category-tree';

interface DescriptionSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null;
  /** The chosen description (with its category), or null when cleared. */
  onChange: (description: Description | null) => void;
}

/** The category/description picker: one Select of descriptions grouped by category. */
export function DescriptionSelect({ value, onChange, placeholder, ...selectProperties }: DescriptionSelectProps) {
  const tree = useCategoryTree();
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="Nenhuma descrição encontrada"
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      {...selectProperties}
      placeholder={tree.isPending ? 'Carregando…' : placeholder}
      data={tree.groups}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? (tree.descriptionsById.get(next) ?? null) : null)}
      renderOption={({ option }) => (
        <Text size="sm">{tree.descriptionsById.get(option.value)?.name ?? option.label}</Text>
      )}
    />
  );
}
