import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ClientOverview } from '../../../features/dashboard/components/client-overview';
import { ClientsTable } from '../../../features/team/components/clients-table';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { PlannersTable } from '../../../features/team/components/planners-table';
import { usePersona } from '../../../lib/persona';

/** One dashboard address, three contents: the role decides (product §2). */
export function DashboardRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const { data: me } = persona;

  const greeting = (
    <Text size="lg" fw={500}>
      Olá, {me.first_name}!
    </Text>
  );

  if (me.view === 'planner') {
    return (
      <Stack gap="md">
        {/* Planners have no page title in the top bar, so the page carries it. */}
        <Title order={1} size="h3">
          Dashboard
        </Title>
        {greeting}
        <ClientsTable scope="planner" title="Meus clientes" />
        <InvitationLinks organization={organization} hash={me.hash} roles={['client']} />
      </Stack>
    );
  }
  if (me.view === 'manager') {
    return (
      <Stack gap="md">
        {greeting}
        <PlannersTable />
        <ClientsTable scope="manager" description="Escolha o planejador de cada cliente na última coluna." />
        <InvitationLinks organization={organization} hash={me.hash} roles={['planner', 'manager', 'client']} />
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {greeting}
      <ClientOverview persona={me} organization={organization} />
    </Stack>
  );
}
