import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { AccessLogButton } from '../../../features/desk/components/access-log-button';
import { ClientsTable } from '../../../features/team/components/clients-table';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { formatPersonName } from '../../../lib/persona';

export function ClientsRoute() {
  const { organization = '' } = useParams();
  return (
    <Stack gap="md">
      <ClientsTable
        scope="manager"
        description="Escolha o planejador de cada cliente; 'Ver caixa' abre o cliente, somente para leitura."
        getClientHref={(clientId) => paths.app.routes.cliente.getHref(organization, { clientId: String(clientId) })}
        renderClientActions={(client) => (
          <AccessLogButton clientId={client.user.id} clientName={formatPersonName(client.user)} />
        )}
      />
      <InvitationLinks organization={organization} roles={['client']} />
    </Stack>
  );
}
