import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { describeError } from '../../../lib/errors';
import { usePersona } from '../../../lib/persona';
import { type BankReturn, useApproveConnection } from '../api/approve-connection';
import { isSyncUnderWay, useConnections } from '../api/get-connections';

/**
 * What the bank put on the address it sent the person back to; 'refused' when an aggregator's
 * widget came back with its error and no link (nothing to hand over); null when it carries no return.
 */
function readBankReturn(search: string): BankReturn | 'refused' | null {
  const parameters = new URLSearchParams(search);
  const link = parameters.get('link');
  if (link) return { link, institution: parameters.get('institution') ?? '' };
  const state = parameters.get('state');
  if (!state) return parameters.get('error') ? 'refused' : null;
  const code = parameters.get('code');
  const error = parameters.get('error');
  return { state, ...(code ? { code } : {}), ...(error ? { error } : {}) };
}

/**
 * callback-opb: takes the bank's return once (its code and state leave the address bar and the
 * history at once), then shows the connection and its first sync until it ends.
 */
export function OpenFinanceCallback({
  buildIntegrationHref,
  buildCashRegisterHref,
  renderStatementGuide,
}: {
  /** Open Finance and Meu caixa, for the connection's client when the person is their planner. */
  buildIntegrationHref: (clientId: number | null) => string;
  buildCashRegisterHref: (clientId: number | null) => string;
  /** Another way to bring the bank's lines when the connection did not happen: its statement guide. */
  renderStatementGuide: (bankCode: string | null) => ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const persona = usePersona();
  const [bankReturn] = useState(() => readBankReturn(location.search));
  const approve = useApproveConnection();
  const sent = useRef(false);
  const viewsClient = persona.data?.view !== 'client';

  useEffect(() => {
    if (!bankReturn || sent.current) return;
    sent.current = true;
    // The code and state leave the address (and the router's history entry) before anything else.
    navigate(location.pathname, { replace: true });
    if (bankReturn === 'refused') return;
    approve.mutate(bankReturn, {
      onSuccess: (connection) => {
        // A planner follows their client's connection: the calls that read it name the client.
        if (viewsClient) navigate(`${location.pathname}?clientId=${connection.client}`, { replace: true });
      },
    });
  }, [bankReturn, approve, navigate, location.pathname, viewsClient]);

  const clientId = approve.data && viewsClient ? approve.data.client : null;
  const integrationHref = buildIntegrationHref(clientId);
  const cashRegisterHref = buildCashRegisterHref(clientId);

  if (!bankReturn) {
    return (
      <Stack maw={640}>
        <Alert color="orange" variant="light">
          Este endereço não traz um retorno do banco. Comece a conexão pela tela de Open Finance.
        </Alert>
        <Group>
          <Button component={Link} to={integrationHref}>
            Ir para Open Finance
          </Button>
        </Group>
      </Stack>
    );
  }
  if (bankReturn === 'refused') {
    return (
      <NothingShared
        title="Não autorizada"
        integrationHref={integrationHref}
        statementGuide={renderStatementGuide(null)}
      />
    );
  }
  if (approve.isError) {
    return (
      <Stack maw={640}>
        <Alert color="red" variant="light" title="A conexão não foi concluída">
          {describeError(approve.error)}
        </Alert>
        <Group>
          <Button component={Link} to={integrationHref}>
            Conectar de novo
          </Button>
        </Group>
        {renderStatementGuide(null)}
      </Stack>
    );
  }
  if (!approve.data) {
    return (
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Confirmando com o banco…</Text>
      </Group>
    );
  }
  if (approve.data.status !== 'active') {
    return (
      <NothingShared
        title={approve.data.status_label}
        integrationHref={integrationHref}
        statementGuide={renderStatementGuide(approve.data.bank_code)}
      />
    );
  }
  return (
    <FirstSync
      connectionId={approve.data.id}
      institution={approve.data.institution_name}
      integrationHref={integrationHref}
      cashRegisterHref={cashRegisterHref}
    />
  );
}

/**
 * The bank or the widget came back without an authorisation: nothing shared. The statement guide
 * ('Alerta de integração') offers the other way in, importing the bank's statement file.
 */
function NothingShared({
  title,
  integrationHref,
  statementGuide,
}: {
  title: string;
  integrationHref: string;
  statementGuide: ReactNode;
}) {
  return (
    <Stack maw={640}>
      <Alert color="orange" variant="light" title={title}>
        Nada foi compartilhado com o Prumo. Você pode tentar de novo quando quiser, ou importar o extrato do banco em
        Meu caixa.
      </Alert>
      <Group>
        <Button component={Link} to={integrationHref}>
          Voltar para Open Finance
        </Button>
      </Group>
      {statementGuide}
    </Stack>
  );
}

function FirstSync({
  connectionId,
  institution,
  integrationHref,
  cashRegisterHref,
}: {
  connectionId: number;
  institution: string;
  integrationHref: string;
  cashRegisterHref: string;
}) {
  const connections = useConnections();
  const connection = connections.data?.results.find((candidate) => candidate.id === connectionId);
  const underWay = !connection || isSyncUnderWay(connection);
  return (
    <Stack maw={640}>
      <Alert color="teal" variant="light" title={`${institution} conectado`}>
        {underWay ? (
          <Group gap="sm">
            <Loader size="xs" />
            <Text size="sm">Trazendo suas contas, cartões e lançamentos…</Text>
          </Group>
        ) : connection.sync_error ? (
          <Text size="sm">{connection.sync_error}</Text>
        ) : (
          <Text size="sm">
            {connection.accounts.length === 1
              ? 'Pronto: 1 conta sincronizada.'
              : `Pronto: ${connection.accounts.length} contas sincronizadas.`}
          </Text>
        )}
      </Alert>
      <Group>
        {underWay ? null : (
          <Button component={Link} to={cashRegisterHref}>
            Ver em Meu caixa
          </Button>
        )}
        <Button component={Link} to={integrationHref} variant="default">
          Minhas conexões
        </Button>
      </Group>
    </Stack>
  );
}
