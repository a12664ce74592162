import { Group, Paper, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { formatPersonName } from '../../../lib/persona';
import { useClientRecord } from '../api/get-client-book';
import { useMarkPlannerAccess } from '../api/mark-planner-access';
import { AccessLogButton } from './access-log-button';
import { ClientStatusSelect } from './client-status-select';

/**
 * The top of the planner's client view: the client's status, who accessed their data, the screen's
 * own `actions` (the client chat), and — on
 * opening — the access recorded in the client's log (ADR 34).
 */
export function ClientDeskBar({ clientId, actions }: { clientId: string; actions?: ReactNode }) {
  const record = useClientRecord(clientId);
  const { mutate: markAccess } = useMarkPlannerAccess();
  // Once per client opened: the log keeps each opening, not each render.
  useEffect(() => {
    markAccess(clientId);
  }, [clientId, markAccess]);
  const client = record.data;
  if (!client) return null;
  const name = formatPersonName(client.user);
  return (
    <Paper withBorder p="sm">
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text fw={500}>{name}</Text>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            Situação
          </Text>
          <ClientStatusSelect clientId={client.user.id} clientName={name} status={client.status} />
          <AccessLogButton clientId={client.user.id} clientName={name} />
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}
