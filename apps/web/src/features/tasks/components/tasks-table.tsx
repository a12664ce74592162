import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import {
  listAllowedStatusChanges,
  type TaskActor,
  type TaskStatus,
  taskTypeLabels,
} from '@prumo/domain/tasks/task-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { describeError, isApiError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import type { Task } from '../../../types/tasks-api';
import { useChangeTaskStatus } from '../api/change-task-status';
import { useDeleteTask } from '../api/delete-task';
import { useTaskFollowHref } from '../hooks/use-task-follow-href';
import { describeTaskPeriod } from './task-period';
import { TaskStatusBadge } from './task-status-badge';
import { describeDeletion, describeStatusChange } from './task-wording';

/** The button of each status change. */
const statusActionLabels: Record<TaskStatus, string> = { rejected: 'Ignorar', done: 'Concluir', pending: 'Reabrir' };

function notifyFailure(error: unknown): void {
  if (!isApiError(error) || !error.notified) notifyError(describeError(error));
}

interface TasksTableProps {
  tasks: Task[];
  actor: TaskActor;
}

/** Tasks with their type, title, period and status; open, ignore, complete, reopen, and (advisers) delete. */
export function TasksTable({ tasks, actor }: TasksTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tipo</Table.Th>
            <Table.Th>Título</Table.Th>
            <Table.Th>Período</Table.Th>
            <Table.Th>Criada em</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Ações</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <TaskRow key={task.id} task={task} actor={actor} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
      { onSuccess: () => notifySuccess(describeStatusChange(task, status)), onError: notifyFailure },
    );

  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{taskTypeLabels[task.type]}</Table.Td>
      <Table.Td>
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
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{describeTaskPeriod(task)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(task.created_at, '')}</Table.Td>
      <Table.Td>
        {task.sent_at === null ? (
          <Badge color="gray" variant="light">
            Rascunho
          </Badge>
        ) : (
          <TaskStatusBadge status={task.status} />
        )}
      </Table.Td>
      <Table.Td>
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
                notifyFailure(error);
              },
            })
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}
