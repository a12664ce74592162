import { Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { PersonName } from '../../../components/person-name';
import { SectionHeader } from '../../../components/section-header';
import { formatDateTime } from '../../../lib/format';
import { formatPersonName } from '../../../lib/persona';
import { plannersPageSize, usePlanners } from '../api/get-planners';

const plannerColumns: DataColumn[] = [
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'email', header: 'E-mail' },
  { key: 'clients', header: 'Clientes' },
  { key: 'last-login', header: 'Último acesso' },
];

export function PlannersTable({ title = 'Planejadores', description }: { title?: string; description?: string }) {
  const [offset, setOffset] = useState(0);
  const planners = usePlanners(offset);

  return (
    <Paper withBorder p="md">
      <SectionHeader title={title} description={description} />
      <PagedTable
        query={planners}
        offset={offset}
        onOffsetChange={setOffset}
        pageSize={plannersPageSize}
        nouns={{ singular: 'planejador', plural: 'planejadores' }}
        loadingLabel="Carregando planejadores…"
        emptyText="Nenhum planejador encontrado."
        label={title}
        columns={plannerColumns}
        minWidth={640}
        striped
        getRowKey={(planner) => planner.user.id}
        renderRow={(planner) => {
          const name = formatPersonName(planner.user);
          return (
            <DataRow label={name}>
              <DataCell column="name">
                <PersonName name={name} picture={planner.profile_picture} />
              </DataCell>
              <DataCell column="email">
                <Text size="sm">{planner.user.email}</Text>
              </DataCell>
              <DataCell column="clients">
                <Text size="sm">{planner.clients_count}</Text>
              </DataCell>
              <DataCell column="last-login">
                <Text size="sm">{formatDateTime(planner.last_login, 'Nunca entrou')}</Text>
              </DataCell>
            </DataRow>
          );
        }}
      />
    </Paper>
  );
}
