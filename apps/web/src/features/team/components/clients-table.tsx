import { Anchor, Avatar, Group, Paper, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { PaginationControls } from '../../../components/pagination-controls';
import { SectionHeader } from '../../../components/section-header';
import { describeError, isApiError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { formatPersonName } from '../../../lib/persona';
import type { ClientRecord } from '../../../types/api';
import { useChangePlanner } from '../api/change-planner';
import { type ClientsScope, clientsPageSize, useClients } from '../api/get-clients';
import { useAllPlanners } from '../api/get-planners';

interface ClientsTableProps {
  scope: ClientsScope;
  title?: string;
  description?: string;
  /** Where a planner opens a client's cash register ('Ver caixa'); no column without it. */
  getClientHref?: (clientId: number) => string;
}

export function ClientsTable({ scope, title = 'Clientes', description, getClientHref }: ClientsTableProps) {
  const [offset, setOffset] = useState(0);
  const clients = useClients(scope, offset);
  const canChangePlanner = scope === 'manager';

  return (
    <Paper withBorder p="md">
      <SectionHeader title={title} description={description} />
      {clients.isPending ? <PageLoader label="Carregando clientes…" /> : null}
      {clients.isError ? <ErrorState message={describeError(clients.error)} onRetry={() => clients.refetch()} /> : null}
      {clients.data ? (
        clients.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum cliente encontrado.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={canChangePlanner ? 760 : 560}>
              <Table striped highlightOnHover verticalSpacing="xs" opacity={clients.isPlaceholderData ? 0.6 : 1}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Último acesso</Table.Th>
                    {canChangePlanner ? <Table.Th>Planejador</Table.Th> : null}
                    {getClientHref ? <Table.Th>Caixa</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {clients.data.results.map((client) => (
                    <ClientRow
                      key={client.user.id}
                      client={client}
                      canChangePlanner={canChangePlanner}
                      clientHref={getClientHref?.(client.user.id)}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PaginationControls
              count={clients.data.count}
              offset={offset}
              pageSize={clientsPageSize}
              hasPrevious={Boolean(clients.data.previous) || offset > 0}
              hasNext={Boolean(clients.data.next)}
              onOffsetChange={setOffset}
              singularNoun="cliente"
              pluralNoun="clientes"
            />
          </>
        )
      ) : null}
    </Paper>
  );
}

function ClientRow({
  client,
  canChangePlanner,
  clientHref,
}: {
  client: ClientRecord;
  canChangePlanner: boolean;
  clientHref?: string;
}) {
  const name = formatPersonName(client.user);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={client.profile_picture} name={name} size="sm" color="initials" />
          <Text size="sm">{name}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{client.user.email}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{formatDateTime(client.last_login, 'Nunca entrou')}</Text>
      </Table.Td>
      {canChangePlanner ? (
        <Table.Td>
          <PlannerSelect client={client} />
        </Table.Td>
      ) : null}
      {clientHref ? (
        <Table.Td>
          <Anchor component={Link} to={clientHref} size="sm" aria-label={`Ver caixa de ${name}`}>
            Ver caixa
          </Anchor>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function PlannerSelect({ client }: { client: ClientRecord }) {
  const planners = useAllPlanners(true);
  const changePlanner = useChangePlanner();
  const name = formatPersonName(client.user);
  const current = client.budget_planner ? String(client.budget_planner.user.id) : null;
  const options = (planners.data ?? []).map((planner) => ({
    value: String(planner.user.id),
    label: formatPersonName(planner.user),
  }));
  // Keep the current planner visible while the list loads.
  if (client.budget_planner && !options.some((option) => option.value === current)) {
    options.unshift({
      value: String(client.budget_planner.user.id),
      label: formatPersonName(client.budget_planner.user),
    });
  }

  return (
    <Select
      aria-label={`Planejador de ${name}`}
      placeholder={planners.isPending ? 'Carregando…' : 'Sem planejador'}
      data={options}
      value={current}
      size="xs"
      allowDeselect={false}
      disabled={changePlanner.isPending}
      onChange={(value) => {
        if (!value || value === current) return;
        changePlanner.mutate(
          { client: client.user.id, planner: Number(value) },
          {
            onSuccess: () => notifySuccess(`Planejador de ${name} alterado`),
            onError: (error) => {
              if (!isApiError(error) || !error.notified) notifyError(describeError(error));
            },
          },
        );
      }}
    />
  );
}
