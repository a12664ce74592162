import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { InactivePlannersTable } from '../../../features/team/components/inactive-planners-table';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { PlannersTable } from '../../../features/team/components/planners-table';

/** The manager's team: planners (move their clients, deactivate), and the links that make planners and managers. */
export function PlannersRoute() {
  const { organization = '' } = useParams();
  return (
    <Stack gap="md">
      <PlannersTable description="Quantos clientes cada um atende e quando entrou pela última vez. Para desativar um planejador, mova antes os clientes dele." />
      <InactivePlannersTable />
      <InvitationLinks organization={organization} roles={['planner', 'manager']} />
    </Stack>
  );
}
