import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { PlannersTable } from '../../../features/team/components/planners-table';

/** The manager's team: planners, and the links that make planners and managers. */
export function PlannersRoute() {
  const { organization = '' } = useParams();
  return (
    <Stack gap="md">
      <PlannersTable />
      <InvitationLinks organization={organization} roles={['planner', 'manager']} />
    </Stack>
  );
}
