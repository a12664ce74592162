import { Button, Group } from '@mantine/core';

/** A row's 'Editar' and 'Excluir', each naming the item for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button variant="light" size="compact-sm" onClick={onEdit} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <Button variant="subtle" color="red" size="compact-sm" onClick={onDelete} aria-label={`Excluir ${name}`}>
        Excluir
      </Button>
    </Group>
  );
}
