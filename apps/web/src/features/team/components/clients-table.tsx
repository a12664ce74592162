import { Anchor, Group, Paper, Select, Text } from '@mantine/core';
import type { ClientRecord } from '@prumo/contract/profiles';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { PersonName } from '../../../components/person-name';
import { SectionHeader } from '../../../components/section-header';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { formatPersonName } from '../../../lib/persona';
import { useChangePlanner } from '../api/change-planner';
import { type ClientsFilter, type ClientsScope, clientsPageSize, useAllClients, useClients } from '../api/get-clients';
import { usePlanOptions } from '../api/get-plan-options';
import { useAllPlanners } from '../api/get-planners';

interface ClientsTableProps {
  scope: ClientsScope;
  title?: string;
  description?: string;
  /** Where a planner opens a client's cash register ('Ver caixa'); no column without it. */
  getClientHref?: (clientId: number) => string;
  /** More per-client actions beside 'Ver caixa' (the screen's, from other features). */
  renderClientActions?: (client: ClientRecord) => ReactNode;
}

const clientColumns: DataColumn[] = [
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'email', header: 'E-mail' },
  { key: 'last-login', header: 'Último acesso' },
  { key: 'plan', header: 'Plano' },
  { key: 'planner', header: 'Planejador', phone: 'wide' },
  { key: 'cash', header: 'Caixa', phone: 'actions' },
];

export function ClientsTable({
  scope,
  title = 'Clientes',
  description,
  getClientHref,
  renderClientActions,
}: ClientsTableProps) {
  const [offset, setOffset] = useState(0);
  const [filter, setFilter] = useState<ClientsFilter>({});
  const clients = useClients(scope, offset, filter);
  const canChangePlanner = scope === 'manager';
  const changeFilter = (change: ClientsFilter) => {
    setFilter((current) => ({ ...current, ...change }));
    setOffset(0);
  };
  const columns = clientColumns.filter(
    (column) => (column.key !== 'planner' || canChangePlanner) && (column.key !== 'cash' || getClientHref),
  );

  return (
    <Paper withBorder p="md">
      <SectionHeader title={title} description={description} />
      <ClientFilters scope={scope} filter={filter} onChange={changeFilter} />
      <PagedTable
        query={clients}
        offset={offset}
        onOffsetChange={setOffset}
        pageSize={clientsPageSize}
        nouns={{ singular: 'cliente', plural: 'clientes' }}
        loadingLabel="Carregando clientes…"
        emptyText="Nenhum cliente encontrado."
        label={title}
        columns={columns}
        minWidth={canChangePlanner ? 880 : 680}
        striped
        getRowKey={(client) => client.user.id}
        renderRow={(client) => (
          <ClientRow
            client={client}
            clientHref={getClientHref?.(client.user.id)}
            actions={renderClientActions?.(client)}
          />
        )}
      />
    </Paper>
  );
}

/** The planner column shows only to a manager (the table leaves it out otherwise). */
function ClientRow({
  client,
  clientHref,
  actions,
}: {
  client: ClientRecord;
  clientHref?: string;
  actions?: ReactNode;
}) {
  const name = formatPersonName(client.user);
  return (
    <DataRow label={name}>
      <DataCell column="name">
        <PersonName name={name} picture={client.profile_picture} />
      </DataCell>
      <DataCell column="email">
        <Text size="sm">{client.user.email}</Text>
      </DataCell>
      <DataCell column="last-login">
        <Text size="sm">{formatDateTime(client.last_login, 'Nunca entrou')}</Text>
      </DataCell>
      <DataCell column="plan">
        <Text size="sm">{client.current_plan?.name ?? 'Sem plano'}</Text>
      </DataCell>
      <DataCell column="planner">
        <PlannerSelect client={client} />
      </DataCell>
      {clientHref ? (
        <DataCell column="cash">
          <Anchor component={Link} to={clientHref} size="sm" aria-label={`Ver caixa de ${name}`}>
            Ver caixa
          </Anchor>
          {actions}
        </DataCell>
      ) : null}
    </DataRow>
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
          { clients: [client.user.id], planner: Number(value) },
          {
            onSuccess: () => notifySuccess(`Planejador de ${name} alterado`),
            onError: (error) => {
              notifyMutationError(error);
            },
          },
        );
      }}
    />
  );
}

/** Plano, Planejador (a manager's) and Cliente: the clients listed are those every chosen filter holds for. */
function ClientFilters({
  scope,
  filter,
  onChange,
}: {
  scope: ClientsScope;
  filter: ClientsFilter;
  onChange: (change: ClientsFilter) => void;
}) {
  const plans = usePlanOptions();
  const planners = useAllPlanners(scope === 'manager');
  const [clientsAsked, setClientsAsked] = useState(false);
  const clients = useAllClients(scope, clientsAsked || Boolean(filter.client));
  return (
    <Group gap="sm" mb="sm" wrap="wrap">
      <Select
        label="Plano"
        placeholder="Todos os planos"
        clearable
        data={(plans.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.name }))}
        value={filter.plan ?? null}
        onChange={(value) => onChange({ plan: value })}
        w={{ base: '100%', xs: 220 }}
      />
      {scope === 'manager' ? (
        <Select
          label="Planejador"
          placeholder="Todos os planejadores"
          clearable
          data={(planners.data ?? []).map((planner) => ({
            value: String(planner.user.id),
            label: formatPersonName(planner.user),
          }))}
          value={filter.planner ?? null}
          onChange={(value) => onChange({ planner: value })}
          w={{ base: '100%', xs: 220 }}
        />
      ) : null}
      <Select
        label="Cliente"
        placeholder={clients.isFetching ? 'Carregando…' : 'Todos os clientes'}
        clearable
        searchable
        nothingFoundMessage="Nenhum cliente com esse nome"
        onDropdownOpen={() => setClientsAsked(true)}
        data={(clients.data ?? []).map((client) => ({
          value: String(client.user.id),
          label: formatPersonName(client.user),
        }))}
        value={filter.client ?? null}
        onChange={(value) => onChange({ client: value })}
        w={{ base: '100%', xs: 220 }}
      />
    </Group>
  );
}
