import { Badge } from '@mantine/core';
import type { TaskStatus } from '@prumo/domain/tasks/task-rules';

/** Pending is new for the client, rejected was ignored, done was accepted. */
export const taskStatusLabels: Record<TaskStatus, { label: string; color: string }> = {
  pending: { label: 'Pendente', color: 'yellow' },
  rejected: { label: 'Ignorado', color: 'gray' },
  done: { label: 'Concluído', color: 'green' },
};

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { label, color } = taskStatusLabels[status];
  return (
    // The badge keeps its whole word in narrow table columns.
    <Badge color={color} variant="light" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
