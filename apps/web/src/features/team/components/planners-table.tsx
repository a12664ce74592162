import { Button, Group, Paper, Text } from '@mantine/core';
import type { PlannerRecord } from '@prumo/contract/profiles';
import { describeClientsToMove } from '@prumo/domain/organization/team';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
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
import { MoveClientsModal } from './move-clients-modal';

const plannerColumns: DataColumn[] = [
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'email', header: 'E-mail' },
  { key: 'clients', header: 'Clientes' },
  { key: 'last-login', header: 'Último acesso' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

/**
 * The organization's active planners with their book size and last access; a manager moves a
 * planner's clients to another and deactivates a planner whose book is empty (ADR 37).
 */
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
        emptyText="Nenhum planejador ativo. Gere um link de convite de planejador abaixo."
        label={title}
        columns={plannerColumns}
        minWidth={760}
        striped
        getRowKey={(planner) => planner.user.id}
        renderRow={(planner) => <PlannerRow planner={planner} />}
      />
    </Paper>
  );
}

function PlannerRow({ planner }: { planner: PlannerRecord }) {
  const [moving, setMoving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const standing = useChangePlannerStanding();
  const name = formatPersonName(planner.user);
  const hasClients = planner.clients_count > 0;

  // The row leaves the list as the deactivation lands: the promise still settles once it has.
  const deactivate = () =>
    standing.mutateAsync({ plannerId: planner.user.id, active: false }).then(
      () => notifySuccess(`${name} foi desativado`),
      (error: unknown) => notifyMutationError(error),
    );

  return (
    <DataRow label={name}>
      <DataCell column="name">
        <PersonName name={name} picture={planner.profile_picture} />
      </DataCell>
      <DataCell column="email">
        <Text size="sm">{planner.user.email}</Text>
      </DataCell>
      <DataCell column="clients">
        <Text size="sm" data-testid="clientes-do-planejador">
          {planner.clients_count}
        </Text>
      </DataCell>
      <DataCell column="last-login">
        <Text size="sm">{formatDateTime(planner.last_login, 'Nunca entrou')}</Text>
      </DataCell>
      <DataCell column="actions">
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            disabled={!hasClients}
            onClick={() => setMoving(true)}
            aria-label={`Mover clientes de ${name}`}
          >
            Mover clientes
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setConfirming(true)}
            aria-label={`Desativar ${name}`}
          >
            Desativar
          </Button>
        </Group>
        {moving ? <MoveClientsModal planner={planner} onClose={() => setMoving(false)} /> : null}
        {hasClients ? (
          <ConfirmDialog
            opened={confirming}
            title="Mova os clientes primeiro"
            message={describeClientsToMove(planner.clients_count)}
            confirmLabel="Mover clientes"
            onConfirm={() => {
              setConfirming(false);
              setMoving(true);
            }}
            onClose={() => setConfirming(false)}
          />
        ) : (
          <ConfirmDialog
            opened={confirming}
            title={`Desativar ${name}?`}
            message="O planejador deixa de entrar no Prumo agora (as sessões abertas terminam) e os links de convite dele param de funcionar. Você pode reativá-lo depois."
            confirmLabel="Desativar"
            danger
            loading={standing.isPending}
            onConfirm={deactivate}
            onClose={() => setConfirming(false)}
          />
        )}
      </DataCell>
    </DataRow>
  );
}
