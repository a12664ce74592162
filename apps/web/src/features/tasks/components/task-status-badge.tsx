import { Badge } from '@mantine/core';
import { type TaskStatus, taskStatusLabels } from '@prumo/domain/tasks/task-rules';

const statusColors: Record<TaskStatus, string> = { pending: 'blue', rejected: 'gray', done: 'teal' };

/** product §4: pending shows as "Nova", rejected as "Ignorada", done as "Concluída". */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant="light" color={statusColors[status]} tt="none">
      {taskStatusLabels[status]}
    </Badge>
  );
}
