import { Anchor, Group, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '@prumo/contract/notifications';
import { useNavigate } from 'react-router';
import { notifyMutationError } from '../../../lib/mutation-errors';
import type { NotificationSource } from '../api/get-notifications';
import { useMarkNotification } from '../api/mark-notification';

function formatWhen(timestamp: string): string {
  return new Date(timestamp).toLocaleString('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  });
}

/**
 * One notification, in the bell or on the notifications screen (a group named by its title).
 * Following it marks it read and opens its link; unread, it offers 'Lida'; read and own, the
 * screen offers to mark it unread again.
 */
export function NotificationItem({
  notification,
  source,
  onFollow,
  offersUnread = false,
}: {
  notification: Notification;
  source: NotificationSource;
  onFollow?: () => void;
  offersUnread?: boolean;
}) {
  const navigate = useNavigate();
  const mark = useMarkNotification();
  const changeRead = (read: boolean) =>
    mark.mutate({ source, id: notification.id, read }, { onError: (error) => notifyMutationError(error) });
  const follow = () => {
    if (!notification.read) changeRead(true);
    onFollow?.();
    if (notification.data.link) void navigate(notification.data.link);
  };
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      gap="xs"
      py={6}
      role="group"
      aria-label={notification.title}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <UnstyledButton onClick={follow} miw={0} style={{ flex: 1 }}>
        <Text size="sm" fw={notification.read ? 400 : 700} lineClamp={1}>
          {notification.title}
        </Text>
        <Text size="xs" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {notification.data.client_name ? `${notification.data.client_name}: ` : ''}
          {notification.body}
        </Text>
        <Text size="xs" c="dimmed">
          {formatWhen(notification.timestamp)}
        </Text>
      </UnstyledButton>
      {notification.read ? (
        offersUnread && source === 'own' ? (
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => changeRead(false)}
            aria-label={`Marcar como não lida: ${notification.title}`}
          >
            Não lida
          </Anchor>
        ) : null
      ) : (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => changeRead(true)}
          aria-label={`Marcar como lida: ${notification.title}`}
        >
          Lida
        </Anchor>
      )}
    </Group>
  );
}
