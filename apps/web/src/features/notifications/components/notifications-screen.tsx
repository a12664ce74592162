import { Button, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { PaginationControls } from '../../../components/pagination-controls';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { type NotificationSource, useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { NotificationItem } from './notification-item';

const pageSize = 25;

/**
 * notificacoes: every notification, newest first, 25 a page; mark one read (or own ones unread
 * again) or all own ones read. A planner with the `insight` feature switches to those about their
 * clients (notifications/), which are only ever marked read one by one.
 */
export function NotificationsScreen({
  source,
  onSourceChange,
  offersClients,
}: {
  source: NotificationSource;
  onSourceChange: (source: NotificationSource) => void;
  offersClients: boolean;
}) {
  const [offset, setOffset] = useState(0);
  const notifications = useNotifications(source, { limit: pageSize, offset });
  const markAll = useMarkAllNotificationsRead();
  const page = notifications.data;

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: ({ marked }) =>
        notifySuccess(marked === 1 ? '1 notificação marcada como lida' : `${marked} notificações marcadas como lidas`),
      onError: (error) => notifyMutationError(error),
    });

  return (
    <Stack gap="md">
      <SectionHeader
        title="Notificações"
        description={
          page
            ? page.unread === 0
              ? 'Nenhuma não lida.'
              : `${page.unread} não lida${page.unread === 1 ? '' : 's'}.`
            : undefined
        }
        actions={
          source === 'own' ? (
            <Button
              variant="light"
              onClick={markAllRead}
              loading={markAll.isPending}
              disabled={!page || page.unread === 0}
            >
              Marcar todas como lidas
            </Button>
          ) : null
        }
      />
      {offersClients ? (
        <SegmentedControl
          aria-label="De quem"
          value={source}
          onChange={(value) => {
            setOffset(0);
            onSourceChange(value as NotificationSource);
          }}
          data={[
            { value: 'own', label: 'Minhas' },
            { value: 'clients', label: 'Dos clientes' },
          ]}
        />
      ) : null}
      <Paper withBorder p="md">
        {notifications.isPending ? <PageLoader label="Carregando notificações…" /> : null}
        {notifications.isError ? (
          <ErrorState message={describeError(notifications.error)} onRetry={() => void notifications.refetch()} />
        ) : null}
        {page && page.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            {source === 'own' ? 'Você ainda não recebeu notificações.' : 'Nenhuma notificação sobre seus clientes.'}
          </Text>
        ) : null}
        {page && page.results.length > 0 ? (
          <Stack component="ul" gap={0} aria-label="Notificações" m={0} p={0} style={{ listStyle: 'none' }}>
            {page.results.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} source={source} offersUnread />
              </li>
            ))}
          </Stack>
        ) : null}
        {page && page.count > pageSize ? (
          <PaginationControls
            count={page.count}
            offset={offset}
            pageSize={pageSize}
            hasPrevious={page.previous !== null}
            hasNext={page.next !== null}
            onOffsetChange={setOffset}
            singularNoun="notificação"
            pluralNoun="notificações"
          />
        ) : null}
      </Paper>
    </Stack>
  );
}
