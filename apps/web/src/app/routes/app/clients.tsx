import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { ClientsTable } from '../../../features/team/components/clients-table';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { usePersona } from '../../../lib/persona';

export function ClientsRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  return (
    <Stack gap="md">
      <ClientsTable
        scope="manager"
        description="Escolha o planejador de cada cliente; 'Ver caixa' abre o cliente, somente para leitura."
        getClientHref={(clientId) => paths.app.routes.cliente.getHref(organization, { clientId: String(clientId) })}
      />
      <InvitationLinks organization={organization} hash={persona.data.hash} roles={['client']} />
    </Stack>
  );
}
