import { Button, Group, Paper, SegmentedControl, Select, Stack } from '@mantine/core';
import type { TaskActor, TaskStatus, TaskType } from '@prumo/domain/tasks/task-rules';
import { type ReactNode, useState } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { useTasks } from '../api/get-tasks';
import { NewTaskDialog } from './new-task-dialog';
import { NotificationSettingsPanel } from './notification-settings-panel';
import { TaskStatusNounProvider } from './task-status-badge';
import { TasksTable } from './tasks-table';

type StatusChoice = TaskStatus | 'all';

const taskStatusChoices: { value: StatusChoice; label: string }[] = [
  { value: 'pending', label: 'Novas' },
  { value: 'rejected', label: 'Ignoradas' },
  { value: 'done', label: 'Concluídas' },
  { value: 'all', label: 'Todas' },
];

/** "Aviso" is masculine. */
const noticeStatusChoices: { value: StatusChoice; label: string }[] = [
  { value: 'pending', label: 'Novos' },
  { value: 'rejected', label: 'Ignorados' },
  { value: 'done', label: 'Concluídos' },
  { value: 'all', label: 'Todos' },
];

const taskTypesOfTasksMode: TaskType[] = ['import', 'budget-planning', 'categorizing'];

interface TasksAndNoticesProps {
  actor: TaskActor;
  /** The tasks route's `avisos` query shows the notices. */
  noticesMode: boolean;
  onModeChange: (noticesMode: boolean) => void;
  /** The client an adviser views (null for the client themself) and their name, for 'Nova tarefa'. */
  client: { id: number; name: string } | null;
  /** Links to the imports, beside the tasks. */
  importActions?: ReactNode;
}

/**
 * tarefas-e-avisos: the client's tasks (import, planning, categorizing) or their notices, with
 * their status; a client sees the new ones first, an adviser every status and creates tasks.
 */
export function TasksAndNotices({ actor, noticesMode, onModeChange, client, importActions }: TasksAndNoticesProps) {
  // The client's list shows the pending tasks; their planner follows all of them.
  const [status, setStatus] = useState<StatusChoice>(actor === 'client' ? 'pending' : 'all');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const tasks = useTasks({
    statuses: status === 'all' ? null : [status],
    types: noticesMode ? ['notification'] : taskTypesOfTasksMode,
    offset,
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Tarefas ou avisos"
          value={noticesMode ? 'notices' : 'tasks'}
          onChange={(value) => {
            setOffset(0);
            onModeChange(value === 'notices');
          }}
          data={[
            { value: 'tasks', label: 'Tarefas' },
            { value: 'notices', label: 'Avisos' },
          ]}
        />
        <Group gap="sm">
          {noticesMode ? null : importActions}
          {client ? <Button onClick={() => setCreating(true)}>Nova tarefa</Button> : null}
        </Group>
      </Group>
      <Paper withBorder p="md">
        <SectionHeader
          title={noticesMode ? 'Avisos' : 'Tarefas'}
          description={
            noticesMode
              ? 'Recados do planejador. Conclua um aviso quando já o tiver lido.'
              : 'O que falta fazer: importar extratos, categorizar transações, planejar o orçamento.'
          }
          actions={
            <Select
              aria-label="Mostrar"
              w={160}
              allowDeselect={false}
              data={noticesMode ? noticeStatusChoices : taskStatusChoices}
              value={status}
              onChange={(value) => {
                setOffset(0);
                setStatus((value as StatusChoice | null) ?? 'all');
              }}
            />
          }
        />
        <TaskStatusNounProvider noun={noticesMode ? 'notice' : 'task'}>
          <TasksTable
            tasks={tasks}
            actor={actor}
            offset={offset}
            onOffsetChange={setOffset}
            noticesMode={noticesMode}
          />
        </TaskStatusNounProvider>
      </Paper>
      {actor === 'client' && noticesMode ? <NotificationSettingsPanel /> : null}
      {client ? (
        <NewTaskDialog
          opened={creating}
          onClose={() => setCreating(false)}
          clientId={client.id}
          clientName={client.name}
          defaultType={noticesMode ? 'notification' : 'budget-planning'}
        />
      ) : null}
    </Stack>
  );
}
