import { Title } from '@mantine/core';
import { useClients } from '../../../features/team/api/get-clients';
import { formatPersonName, usePersona } from '../../../lib/persona';

/**
 * Planners have no page title in the top bar, so a client's screens carry one with the client's
 * name, found among the planner's (or the manager's) clients (first page), else the client's number.
 */
export function ViewedClientTitle({ clientId, screen }: { clientId: string; screen: string }) {
  // A manager finds the client among the organization's, a planner among their own.
  const persona = usePersona();
  const clients = useClients(persona.data?.view === 'manager' ? 'manager' : 'planner', 0);
  const client = clients.data?.results.find((record) => String(record.user.id) === clientId);
  const name = client ? formatPersonName(client.user) : `Cliente nº ${clientId}`;
  return (
    <Title order={1} size="h3">
      {screen}: {name}
    </Title>
  );
}
