import { ActionIcon, Anchor, Button, Divider, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Task } from '@prumo/contract/tasks';
import { shouldCountInBell } from '@prumo/domain/tasks/notification-settings';
import { taskTypeLabels } from '@prumo/domain/tasks/task-rules';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/bell-icon';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useChangeTaskStatus } from '../api/change-task-status';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useBellTasks } from '../api/get-tasks';
import { useTaskFollowHref } from '../hooks/use-task-follow-href';
import { describeStatusChange } from './task-wording';

function describeCount(count: number): string {
  return count === 1 ? '1 tarefa nova' : `${count} tarefas novas`;
}

/**
 * The client's bell with their pending tasks, each with an ignore action. The count
 * shows when the in-app channel is on; the trigger 'notices' narrows the bell to notices.
 */
export function NotificationBell({ organization }: { organization: string }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const settings = useNotificationSettings();
  const onlyNotices = settings.data?.notificationTrigger === 'notices';
  const tasks = useBellTasks(onlyNotices ? ['notification'] : null, settings.isSuccess);
  const count = tasks.data?.count ?? 0;
  const showsCount = settings.data ? shouldCountInBell(settings.data, onlyNotices) && count > 0 : false;

  return (
    // The dropdown names itself: Mantine's roles would name it after the button and its count.
    <Popover opened={opened} onClose={close} position="bottom-end" width={360} shadow="md" withRoles={false}>
      <Popover.Target>
        <Indicator label={count > 9 ? '9+' : count} size={18} color="red" offset={6} disabled={!showsCount}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-label={showsCount ? `Tarefas novas: ${describeCount(count)}` : 'Tarefas novas'}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown aria-label="Tarefas novas" role="dialog" p="sm">
        <Text fw={600} size="sm" mb="xs">
          {count === 0 ? 'Nenhuma tarefa nova' : describeCount(count)}
        </Text>
        {tasks.isPending && settings.isSuccess ? <PageLoader label="Carregando tarefas…" /> : null}
        {tasks.isError ? (
          <Text size="sm" c="red">
            {describeError(tasks.error)}
          </Text>
        ) : null}
        <Stack gap={0}>
          {(tasks.data?.results ?? []).map((task) => (
            <BellItem key={task.id} task={task} onFollow={close} />
          ))}
        </Stack>
        <Divider my="xs" />
        <Anchor
          component={Link}
          to={paths.app.routes['tarefas-e-avisos'].getHref(organization)}
          size="sm"
          onClick={close}
        >
          Ver todas as tarefas e avisos
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}

function BellItem({ task, onFollow }: { task: Task; onFollow: () => void }) {
  const followHref = useTaskFollowHref('client');
  const changeStatus = useChangeTaskStatus();
  const ignore = () =>
    changeStatus.mutate(
      { id: task.id, status: 'rejected' },
      {
        onSuccess: () => notifySuccess(describeStatusChange(task, 'rejected')),
        onError: (error) => {
          notifyMutationError(error);
        },
      },
    );
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={6}
      role="group"
      aria-label={task.title}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Stack gap={0} miw={0}>
        <Text size="xs" c="dimmed">
          {taskTypeLabels[task.type]}
        </Text>
        <Text size="sm" lineClamp={2}>
          {task.title}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <Button component={Link} to={followHref(task)} size="compact-xs" variant="light" onClick={onFollow}>
          Abrir
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          loading={changeStatus.isPending}
          onClick={ignore}
          aria-label={`Ignorar: ${task.title}`}
        >
          Ignorar
        </Button>
      </Group>
    </Group>
  );
}
