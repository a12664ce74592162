import { Badge } from '@mantine/core';
import { type TaskStatus, taskStatusLabels } from '@prumo/domain/tasks/task-rules';
import { createContext, type ReactNode, useContext } from 'react';

const statusColors: Record<TaskStatus, string> = { pending: 'blue', rejected: 'gray', done: 'teal' };

/** "Aviso" is masculine: the notices list says "Novo", "Ignorado", "Concluído". */
const noticeStatusLabels: Record<TaskStatus, string> = { pending: 'Novo', rejected: 'Ignorado', done: 'Concluído' };

/** Which noun the badges around describe: tasks (feminine) or notices (masculine). */
const StatusNounContext = createContext<'task' | 'notice'>('task');

/** Makes the badges inside agree with the noun of the list they sit in. */
export function TaskStatusNounProvider({ noun, children }: { noun: 'task' | 'notice'; children: ReactNode }) {
  return <StatusNounContext.Provider value={noun}>{children}</StatusNounContext.Provider>;
}

/** Pending shows as "Nova", rejected as "Ignorada", done as "Concluída" (masculine for notices). */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const noun = useContext(StatusNounContext);
  const labels = noun === 'notice' ? noticeStatusLabels : taskStatusLabels;
  // The badge keeps its whole word: a narrow table column must not cut it to "No…".
  return (
    <Badge variant="light" color={statusColors[status]} tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {labels[status]}
    </Badge>
  );
}
