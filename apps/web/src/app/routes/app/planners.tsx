import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { PlannersTable } from '../../../features/team/components/planners-table';
import { usePersona } from '../../../lib/persona';

export function PlannersRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  return (
    <Stack gap="md">
      <PlannersTable />
      <InvitationLinks organization={organization} hash={persona.data.hash} roles={['planner']} />
    </Stack>
  );
}
