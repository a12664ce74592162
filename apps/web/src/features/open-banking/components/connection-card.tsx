import { Alert, Avatar, Badge, Button, Card, Group, Modal, Stack, Text } from '@mantine/core';
import type { Connection } from '@prumo/contract/open-banking';
import { formatCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useRevokeConnection, useSyncConnection } from '../api/change-connection';
import { isSyncUnderWay } from '../api/get-connections';

const statusColors: Record<Connection['status'], string> = {
  active: 'teal',
  awaiting_consent: 'gray',
  expired: 'orange',
  revoked: 'gray',
  refused: 'gray',
  failed: 'red',
};

function formatDay(value: string | null): string {
  return value ? new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date(value)) : '—';
}

/** One connection: its bank, what it brings, where its sync stands, and what the person can do with it. */
export function ConnectionCard({
  connection,
  readOnly,
  onReconnect,
}: {
  connection: Connection;
  readOnly: boolean;
  onReconnect: (participantId: string) => void;
}) {
  const sync = useSyncConnection();
  const revoke = useRevokeConnection();
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const active = connection.status === 'active';
  const syncing = isSyncUnderWay(connection);

  const revokeNow = () =>
    revoke.mutate(connection.id, {
      onSuccess: () => {
        setConfirmingRevoke(false);
        notifySuccess('Conexão revogada.');
      },
      onError: (error) => notifyMutationError(error),
    });

  return (
    <Card withBorder radius="md" padding="md" data-testid="open-finance-connection">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar src={connection.logo_uri} alt="" radius="sm" />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} lineClamp={2}>
                {connection.institution_name}
              </Text>
              <Text size="xs" c="dimmed">
                Consentimento até {formatDay(connection.consent_expires_at)}
              </Text>
            </div>
          </Group>
          <Badge color={statusColors[connection.status]} variant="light">
            {connection.status_label}
          </Badge>
        </Group>
        {active ? (
          <Text size="sm" c="dimmed">
            {connection.sync_status_label} · Última sincronização:{' '}
            {formatDateTime(connection.last_sync_at, 'ainda não houve')}
          </Text>
        ) : null}
        {connection.sync_error ? (
          <Alert color="red" variant="light">
            {connection.sync_error}
          </Alert>
        ) : null}
        {connection.accounts.length > 0 ? (
          <Stack gap={4}>
            {connection.accounts.map((account) => (
              <Group key={account.account} justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm">{account.name}</Text>
                <Group gap="xs" wrap="nowrap">
                  {account.pending_lines > 0 ? (
                    <Badge size="sm" variant="outline" color="gray">
                      {account.pending_lines === 1 ? '1 pendente' : `${account.pending_lines} pendentes`}
                    </Badge>
                  ) : null}
                  {account.balance !== null ? (
                    <Text size="sm" fw={500}>
                      {formatCents(account.balance)}
                    </Text>
                  ) : null}
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        {readOnly ? null : (
          <Group gap="xs" wrap="wrap">
            {active ? (
              <Button
                size="xs"
                variant="light"
                loading={sync.isPending || syncing}
                onClick={() => sync.mutate(connection.id, { onError: (error) => notifyMutationError(error) })}
              >
                Sincronizar agora
              </Button>
            ) : (
              <Button size="xs" variant="light" onClick={() => onReconnect(connection.participant_id)}>
                Conectar de novo
              </Button>
            )}
            {active && connection.connector !== 'belvo' ? (
              // A new consent at the same institution: once given, it takes this one's place.
              <Button size="xs" variant="default" onClick={() => onReconnect(connection.participant_id)}>
                Renovar
              </Button>
            ) : null}
            {active ? (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingRevoke(true)}>
                Revogar
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirmingRevoke}
        onClose={() => setConfirmingRevoke(false)}
        title={`Revogar a conexão com ${connection.institution_name}?`}
      >
        <Stack>
          <Text size="sm">
            O Prumo deixa de buscar dados deste banco agora e avisa o banco. Os lançamentos e saldos que já vieram
            continuam nas suas contas.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmingRevoke(false)}>
              Cancelar
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={revokeNow}>
              Revogar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
