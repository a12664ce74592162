import { Button, Group, Text } from '@mantine/core';

interface PaginationControlsProps {
  count: number;
  offset: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onOffsetChange: (offset: number) => void;
  /** Noun for a total of one, e.g. "cliente". */
  singularNoun: string;
  /** Noun for any other total, e.g. "clientes". */
  pluralNoun: string;
}

/** Next/previous paging over limit/offset lists (page size 25). */
export function PaginationControls(properties: PaginationControlsProps) {
  const { count, offset, pageSize, hasPrevious, hasNext, onOffsetChange, singularNoun, pluralNoun } = properties;
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.floor(offset / pageSize) + 1;
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {count} {count === 1 ? singularNoun : pluralNoun} · Página {page} de {pageCount}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={!hasPrevious}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          Anterior
        </Button>
        <Button variant="default" size="xs" disabled={!hasNext} onClick={() => onOffsetChange(offset + pageSize)}>
          Próxima
        </Button>
      </Group>
    </Group>
  );
}
