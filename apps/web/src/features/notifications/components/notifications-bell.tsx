import { ActionIcon, Anchor, Divider, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/bell-icon';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { useLiveEvents } from '../../../lib/live-events';
import { type NotificationSource, useNotifications } from '../api/get-notifications';
import { NotificationItem } from './notification-item';

function describeUnread(count: number): string {
  return count === 1 ? '1 notificação não lida' : `${count} notificações não lidas`;
}

/** What each bell is called: the person's own, or a planner's about their clients. */
const bellNames: Record<NotificationSource, string> = {
  own: 'Notificações',
  clients: 'Notificações dos clientes',
};

/**
 * A bell of notifications: the unread count and the latest ones. `own` is everyone's
 * (notification/); `clients` is a planner's about their clients (notifications/, with the
 * `insight` feature). It is read again when the live stream says the notifications changed
 * (lib/live-events.ts), so it updates without a reload.
 */
export function NotificationsBell({ organization, source }: { organization: string; source: NotificationSource }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  useLiveEvents();
  const notifications = useNotifications(source);
  const unread = notifications.data?.unread ?? 0;
  const results = notifications.data?.results ?? [];
  const name = bellNames[source];

  return (
    <Popover opened={opened} onClose={close} position="bottom-end" width={340} shadow="md" withRoles={false}>
      <Popover.Target>
        <Indicator label={unread > 9 ? '9+' : unread} size={18} color="red" offset={6} disabled={unread === 0}>
          <ActionIcon
            variant="subtle"
            color={source === 'own' ? 'gray' : 'primary'}
            size="lg"
            onClick={toggle}
            aria-label={unread > 0 ? `${name}: ${describeUnread(unread)}` : name}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown aria-label={name} role="dialog" p="sm" maw="calc(100vw - 16px)">
        <Text fw={600} size="sm" mb="xs">
          {unread === 0 ? 'Nenhuma notificação não lida' : describeUnread(unread)}
        </Text>
        {notifications.isError ? (
          <Text size="sm" c="red">
            {describeError(notifications.error)}
          </Text>
        ) : null}
        {notifications.isSuccess && results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {source === 'own' ? 'Você ainda não recebeu notificações.' : 'Nenhuma notificação sobre seus clientes.'}
          </Text>
        ) : null}
        <Stack gap={0}>
          {results.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} source={source} onFollow={close} />
          ))}
        </Stack>
        <Divider my="xs" />
        <Anchor
          component={Link}
          to={paths.app.routes.notificacoes.getHref(organization, { view: source === 'clients' ? 'clientes' : null })}
          size="sm"
          onClick={close}
        >
          Ver todas
        </Anchor>
      </Popover.Dropdown>
    </Popover>
  );
}
