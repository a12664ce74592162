import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ClientsTable } from '../../../features/team/components/clients-table';
import { InvitationLinks } from '../../../features/team/components/invitation-links';

export function ClientsRoute() {
  const { organization = '' } = useParams();
  return (
    <Stack gap="md">
      <ClientsTable scope="manager" description="Escolha o planejador de cada cliente na última coluna." />
      <InvitationLinks organization={organization} roles={['client']} />
    </Stack>
  );
}
