import { Button, Paper, Text } from '@mantine/core';
import type { PlannerRecord } from '@prumo/contract/profiles';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { PersonName } from '../../../components/person-name';
import { SectionHeader } from '../../../components/section-header';
import { formatDateTime } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { formatPersonName } from '../../../lib/persona';
import { useChangePlannerStanding } from '../api/change-planner-standing';
import { plannersPageSize, usePlanners } from '../api/get-planners';

const columns: DataColumn[] = [
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'email', header: 'E-mail' },
  { key: 'deactivated', header: 'Desativado em' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

/** Deactivated planners, shown only when there is one; a manager reactivates them (ADR 37). */
export function InactivePlannersTable() {
  const [offset, setOffset] = useState(0);
  const planners = usePlanners(offset, false);
  if (planners.isSuccess && planners.data.count === 0) return null;
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Planejadores desativados"
        description="Não entram no Prumo e não recebem clientes. Reativado, o planejador entra com a mesma senha."
      />
      <PagedTable
        query={planners}
        offset={offset}
        onOffsetChange={setOffset}
        pageSize={plannersPageSize}
        nouns={{ singular: 'planejador', plural: 'planejadores' }}
        loadingLabel="Carregando planejadores desativados…"
        emptyText="Nenhum planejador desativado."
        label="Planejadores desativados"
        columns={columns}
        minWidth={640}
        getRowKey={(planner) => planner.user.id}
        renderRow={(planner) => <InactivePlannerRow planner={planner} />}
      />
    </Paper>
  );
}

function InactivePlannerRow({ planner }: { planner: PlannerRecord }) {
  const standing = useChangePlannerStanding();
  const name = formatPersonName(planner.user);
  return (
    <DataRow label={name}>
      <DataCell column="name">
        <PersonName name={name} picture={planner.profile_picture} />
      </DataCell>
      <DataCell column="email">
        <Text size="sm">{planner.user.email}</Text>
      </DataCell>
      <DataCell column="deactivated">
        <Text size="sm">{formatDateTime(planner.deactivated_at, '—')}</Text>
      </DataCell>
      <DataCell column="actions">
        <Button
          size="xs"
          variant="light"
          loading={standing.isPending}
          aria-label={`Reativar ${name}`}
          // The row leaves the list as the reactivation lands: the promise still settles once it has.
          onClick={() =>
            standing.mutateAsync({ plannerId: planner.user.id, active: true }).then(
              () => notifySuccess(`${name} foi reativado`),
              (error: unknown) => notifyMutationError(error),
            )
          }
        >
          Reativar
        </Button>
      </DataCell>
    </DataRow>
  );
}
