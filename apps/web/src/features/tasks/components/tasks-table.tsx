import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Page } from '@prumo/contract/common';
import type { Task } from '@prumo/contract/tasks';
import {
  listAllowedStatusChanges,
  type TaskActor,
  type TaskStatus,
  taskTypeLabels,
} from '@prumo/domain/tasks/task-rules';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useChangeTaskStatus } from '../api/change-task-status';
import { useDeleteTask } from '../api/delete-task';
import { tasksPageSize } from '../api/get-tasks';
import { useTaskFollowHref } from '../hooks/use-task-follow-href';
import { describeTaskPeriod } from './task-period';
import { TaskStatusBadge } from './task-status-badge';
import { describeDeletion, describeStatusChange } from './task-wording';

/** The button of each status change. */
const statusActionLabels: Record<TaskStatus, string> = { rejected: 'Ignorar', done: 'Concluir', pending: 'Reabrir' };

const taskColumns: DataColumn[] = [
  { key: 'type', header: 'Tipo', nowrap: true },
  { key: 'title', header: 'Título', phone: 'title' },
  { key: 'period', header: 'Período', nowrap: true },
  { key: 'created', header: 'Criada em', nowrap: true },
  { key: 'status', header: 'Status', phone: 'aside' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

interface TasksTableProps {
  tasks: UseQueryResult<Page<Task>>;
  actor: TaskActor;
  offset: number;
  onOffsetChange: (offset: number) => void;
  noticesMode: boolean;
}

/** Tasks with their type, title, period and status; open, ignore, complete, reopen, and (advisers) delete. */
export function TasksTable({ tasks, actor, offset, onOffsetChange, noticesMode }: TasksTableProps) {
  return (
    <PagedTable
      query={tasks}
      offset={offset}
      onOffsetChange={onOffsetChange}
      pageSize={tasksPageSize}
      nouns={noticesMode ? { singular: 'aviso', plural: 'avisos' } : { singular: 'tarefa', plural: 'tarefas' }}
      loadingLabel={noticesMode ? 'Carregando avisos…' : 'Carregando tarefas…'}
      emptyText={noticesMode ? 'Nenhum aviso.' : 'Nenhuma tarefa.'}
      label={noticesMode ? 'Avisos' : 'Tarefas'}
      columns={taskColumns}
      minWidth={760}
      getRowKey={(task) => task.id}
      renderRow={(task) => <TaskRow task={task} actor={actor} />}
    />
  );
}

function TaskRow({ task, actor }: { task: Task; actor: TaskActor }) {
  const followHref = useTaskFollowHref(actor);
  const changeStatus = useChangeTaskStatus();
  const remove = useDeleteTask();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const deletion = describeDeletion(task);
  // A notice is read right here: it has no other screen to open.
  const canFollow = task.type !== 'notification';
  // A client completes a planning by accepting it on its screen ("Abrir"), where they see what they
  // accept; a draft never sent cannot be completed (its planner sends it from there, or deletes it).
  const statusChanges = listAllowedStatusChanges(actor, task.status).filter(
    (status) =>
      !(task.type === 'budget-planning' && status === 'done' && (actor === 'client' || task.sent_at === null)),
  );

  const askStatus = (status: TaskStatus) =>
    changeStatus.mutate(
      { id: task.id, status },
      {
        onSuccess: () => notifySuccess(describeStatusChange(task, status)),
        onError: (error) => notifyMutationError(error),
      },
    );

  return (
    <DataRow label={task.title}>
      <DataCell column="type">{taskTypeLabels[task.type]}</DataCell>
      <DataCell column="title">
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {task.title}
          </Text>
          {task.message ? (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
              {task.message}
            </Text>
          ) : null}
          {task.created_by_name && actor === 'client' ? (
            <Text size="xs" c="dimmed">
              De {task.created_by_name}
            </Text>
          ) : null}
        </Stack>
      </DataCell>
      <DataCell column="period">{describeTaskPeriod(task)}</DataCell>
      <DataCell column="created">{formatDateTime(task.created_at, '')}</DataCell>
      <DataCell column="status">
        {task.sent_at === null ? (
          <Badge color="gray" variant="light">
            Rascunho
          </Badge>
        ) : (
          <TaskStatusBadge status={task.status} />
        )}
      </DataCell>
      <DataCell column="actions">
        <Group gap={4} wrap="nowrap">
          {canFollow ? (
            <Button
              component={Link}
              to={followHref(task)}
              size="compact-xs"
              variant="light"
              aria-label={`Abrir: ${task.title}`}
            >
              Abrir
            </Button>
          ) : null}
          {statusChanges.map((status) => (
            <Button
              key={status}
              size="compact-xs"
              variant="subtle"
              color={status === 'rejected' ? 'gray' : undefined}
              loading={changeStatus.isPending && changeStatus.variables?.status === status}
              disabled={changeStatus.isPending}
              aria-label={`${statusActionLabels[status]}: ${task.title}`}
              onClick={() => askStatus(status)}
            >
              {statusActionLabels[status]}
            </Button>
          ))}
          {actor === 'adviser' ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Excluir: ${task.title}`}
              onClick={() => setConfirmingDelete(true)}
            >
              Excluir
            </Button>
          ) : null}
        </Group>
        <ConfirmDialog
          opened={confirmingDelete}
          title={deletion.title}
          message={deletion.message}
          confirmLabel="Excluir"
          danger
          loading={remove.isPending}
          onClose={() => setConfirmingDelete(false)}
          onConfirm={() =>
            remove.mutate(task.id, {
              onSuccess: () => {
                setConfirmingDelete(false);
                notifySuccess(deletion.done);
              },
              onError: (error) => {
                setConfirmingDelete(false);
                notifyMutationError(error);
              },
            })
          }
        />
      </DataCell>
    </DataRow>
  );
}
