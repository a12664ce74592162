import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useConnections } from '../api/get-connections';
import { ConnectBank } from './connect-bank';
import { ConnectionCard } from './connection-card';

/** The citizen's own consent panel, kept by Open Finance Brasil's institutions. */
const consentPanelHref = 'https://openfinancebrasil.org.br/';

/**
 * integration-opb: the connections the client has (what each brings, its sync, revoke, sync now)
 * and a new connection. A planner sees a client's and may connect for them; a manager only reads.
 */
export function OpenFinanceScreen({
  readOnly,
  initialParticipantId,
}: {
  readOnly: boolean;
  initialParticipantId: string | null;
}) {
  const connections = useConnections();
  const [participantId, setParticipantId] = useState(initialParticipantId);
  const [formKey, setFormKey] = useState(0);

  const reconnect = (id: string) => {
    setParticipantId(id);
    setFormKey((key) => key + 1);
    document.getElementById('conectar-banco')?.scrollIntoView({ behavior: 'smooth' });
  };

  return (
    <Stack gap="lg" maw={880}>
      <Text>
        Conecte o banco pelo Open Finance: contas, cartões e lançamentos chegam sozinhos, sem baixar extratos. Você
        escolhe o que compartilhar e por quanto tempo. Seus consentimentos também aparecem no{' '}
        <Anchor href={consentPanelHref} target="_blank" rel="noopener noreferrer">
          portal do Open Finance
        </Anchor>
        .
      </Text>
      <Stack gap="sm">
        <Title order={3}>Suas conexões</Title>
        {connections.isPending ? <Skeleton height={120} /> : null}
        {connections.data && connections.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum banco conectado ainda.
          </Text>
        ) : null}
        {connections.data?.results.map((connection) => (
          <ConnectionCard key={connection.id} connection={connection} readOnly={readOnly} onReconnect={reconnect} />
        ))}
      </Stack>
      {readOnly ? null : (
        <Stack gap="sm" id="conectar-banco">
          <Title order={3}>Conectar um banco</Title>
          <ConnectBank key={formKey} initialParticipantId={participantId} />
        </Stack>
      )}
    </Stack>
  );
}
