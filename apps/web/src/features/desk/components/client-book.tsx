import {
  ActionIcon,
  Anchor,
  Badge,
  Chip,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ClientRecord } from '@prumo/contract/profiles';
import {
  type ClientAttentionFilter,
  type ClientOrdering,
  clientAttentionFilterLabels,
  clientAttentionFilters,
} from '@prumo/domain/clients/client-attention';
import { formatCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { PersonName } from '../../../components/person-name';
import { SectionHeader } from '../../../components/section-header';
import { formatDateTime } from '../../../lib/format';
import { formatPersonName } from '../../../lib/persona';
import { type ClientBookQuery, clientBookPageSize, useClientBook } from '../api/get-client-book';
import { ClientStatusSelect } from './client-status-select';

const orderingLabels: Record<ClientOrdering, string> = {
  name: 'Nome',
  status: 'Situação',
  days_since_import: 'Dias sem importar',
  uncategorized_lines: 'Lançamentos sem categoria',
  open_tasks: 'Tarefas abertas',
  oldest_open_task_days: 'Tarefa mais antiga',
  overdue_tasks: 'Tarefas atrasadas',
  month_expense: 'Gasto do mês',
  budget_use: 'Uso do orçamento',
  planning_awaiting: 'Planejamento aguardando',
  subscription_status: 'Assinatura',
  last_login: 'Último acesso',
};

const orderingOptions = Object.entries(orderingLabels).map(([value, label]) => ({ value, label }));

// Short words for the list; the subscription screens say more.
const subscriptionLabels: Record<string, string> = {
  pending: 'Proposta enviada',
  processing: 'Processando',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  suspended: 'Suspensa',
  canceled: 'Cancelada',
  rejected: 'Recusada',
  failed: 'Pagamento recusado',
};

const bookColumns: DataColumn[] = [
  { key: 'name', header: 'Cliente', phone: 'title' },
  { key: 'email', header: 'E-mail' },
  { key: 'status', header: 'Situação' },
  { key: 'last-login', header: 'Último acesso' },
  { key: 'import', header: 'Última importação' },
  { key: 'uncategorized', header: 'Sem categoria', align: 'right' },
  { key: 'tasks', header: 'Tarefas abertas' },
  { key: 'budget', header: 'Gasto do mês / orçamento', phoneLabel: 'Gasto do mês', nowrap: true },
  { key: 'planning', header: 'Planejamento' },
  { key: 'subscription', header: 'Assinatura' },
  { key: 'open', header: 'Caixa', phone: 'actions' },
];

/**
 * The planner's book of clients (ADR 33): searchable, filtered by what needs attention, sorted by
 * any figure; 25 a page, a table on wide screens and cards on a phone.
 */
export function ClientBook({ getClientHref }: { getClientHref: (clientId: number) => string }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [query, setQuery] = useState<Omit<ClientBookQuery, 'search'>>({
    offset: 0,
    attention: [],
    ordering: { by: 'name', descending: false },
    active: true,
  });
  const book = useClientBook({ ...query, search: debouncedSearch });
  const change = (next: Partial<Omit<ClientBookQuery, 'search' | 'offset'>>) =>
    setQuery((current) => ({ ...current, ...next, offset: 0 }));
  return (
    <Paper withBorder p="md">
      <SectionHeader title="Meus clientes" description="O que pede sua atenção em cada cliente." />
      <Stack gap="sm" mb="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label="Buscar cliente"
            placeholder="Nome ou e-mail"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setQuery((current) => ({ ...current, offset: 0 }));
            }}
            w={{ base: '100%', xs: 260 }}
          />
          <SegmentedControl
            aria-label="Situação dos clientes"
            value={query.active ? 'ativos' : 'inativos'}
            onChange={(value) => change({ active: value === 'ativos' })}
            data={[
              { value: 'ativos', label: 'Ativos' },
              { value: 'inativos', label: 'Em pausa e encerrados' },
            ]}
          />
        </Group>
        <Chip.Group
          multiple
          value={query.attention}
          onChange={(value) => change({ attention: value as ClientAttentionFilter[] })}
        >
          <Group gap="xs" wrap="wrap">
            {clientAttentionFilters.map((filter) => (
              <Chip key={filter} value={filter} size="sm">
                {clientAttentionFilterLabels[filter]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Ordenar por"
            data={orderingOptions}
            value={query.ordering.by}
            allowDeselect={false}
            onChange={(value) =>
              value && change({ ordering: { by: value as ClientOrdering, descending: query.ordering.descending } })
            }
            style={{ flex: '1 1 auto', maxWidth: 260, minWidth: 0 }}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={query.ordering.descending ? 'Ordem decrescente' : 'Ordem crescente'}
            title={query.ordering.descending ? 'Maior primeiro' : 'Menor primeiro'}
            onClick={() => change({ ordering: { ...query.ordering, descending: !query.ordering.descending } })}
          >
            {query.ordering.descending ? '↓' : '↑'}
          </ActionIcon>
        </Group>
      </Stack>
      <PagedTable
        query={book}
        offset={query.offset}
        onOffsetChange={(offset) => setQuery((current) => ({ ...current, offset }))}
        pageSize={clientBookPageSize}
        nouns={{ singular: 'cliente', plural: 'clientes' }}
        loadingLabel="Carregando clientes…"
        emptyText="Nenhum cliente encontrado."
        label="Meus clientes"
        columns={bookColumns}
        minWidth={1400}
        striped
        getRowKey={(client) => client.user.id}
        renderRow={(client) => <ClientBookRow client={client} href={getClientHref(client.user.id)} />}
      />
    </Paper>
  );
}

function describeImport(days: number | null): string {
  if (days === null) return 'Nunca importou';
  if (days === 0) return 'Hoje';
  return days === 1 ? 'Há 1 dia' : `Há ${days} dias`;
}

function ClientBookRow({ client, href }: { client: ClientRecord; href: string }) {
  const name = formatPersonName(client.user);
  const { attention } = client;
  return (
    <DataRow label={name}>
      <DataCell column="name">
        <PersonName name={name} picture={client.profile_picture} />
      </DataCell>
      <DataCell column="email">
        <Text size="sm">{client.user.email}</Text>
      </DataCell>
      <DataCell column="status">
        <ClientStatusSelect clientId={client.user.id} clientName={name} status={client.status} />
      </DataCell>
      <DataCell column="last-login">
        <Text size="sm">{formatDateTime(client.last_login, 'Nunca entrou')}</Text>
      </DataCell>
      <DataCell column="import">
        <Text
          size="sm"
          c={attention.days_since_import === null || attention.days_since_import >= 30 ? 'orange.8' : undefined}
        >
          {describeImport(attention.days_since_import)}
        </Text>
      </DataCell>
      <DataCell column="uncategorized">
        <Text size="sm">{attention.uncategorized_lines}</Text>
      </DataCell>
      <DataCell column="tasks">
        <Text size="sm">
          {attention.open_tasks}
          {attention.oldest_open_task_days !== null ? ` · a mais antiga há ${attention.oldest_open_task_days} d` : ''}
        </Text>
        {attention.overdue_tasks > 0 ? (
          <Badge color="red" variant="light" size="sm">
            {attention.overdue_tasks} atrasada{attention.overdue_tasks > 1 ? 's' : ''}
          </Badge>
        ) : null}
      </DataCell>
      <DataCell column="budget">
        <Text size="sm" c={attention.over_budget ? 'red.8' : undefined}>
          {formatCents(attention.month_expense)}
          {attention.month_planned_expense !== null
            ? ` de ${formatCents(attention.month_planned_expense)}`
            : ' · sem orçamento'}
          {attention.budget_use !== null ? ` (${attention.budget_use}%)` : ''}
        </Text>
      </DataCell>
      <DataCell column="planning">
        {attention.planning_awaiting ? (
          <Badge color="yellow" variant="light" size="sm">
            Aguardando aceite
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </DataCell>
      <DataCell column="subscription">
        <Text size="sm">
          {client.current_plan
            ? (subscriptionLabels[client.current_plan.status] ?? client.current_plan.status)
            : 'Sem assinatura'}
        </Text>
      </DataCell>
      <DataCell column="open">
        <Anchor component={Link} to={href} size="sm" aria-label={`Ver caixa de ${name}`}>
          Ver caixa
        </Anchor>
      </DataCell>
    </DataRow>
  );
}
