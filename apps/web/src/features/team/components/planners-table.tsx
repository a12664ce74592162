import { Avatar, Group, Paper, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { PaginationControls } from '../../../components/pagination-controls';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { formatPersonName } from '../../../lib/persona';
import { plannersPageSize, usePlanners } from '../api/get-planners';

export function PlannersTable({ title = 'Planejadores', description }: { title?: string; description?: string }) {
  const [offset, setOffset] = useState(0);
  const planners = usePlanners(offset);

  return (
    <Paper withBorder p="md">
      <SectionHeader title={title} description={description} />
      {planners.isPending ? <PageLoader label="Carregando planejadores…" /> : null}
      {planners.isError ? (
        <ErrorState message={describeError(planners.error)} onRetry={() => planners.refetch()} />
      ) : null}
      {planners.data ? (
        planners.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum planejador encontrado.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped highlightOnHover verticalSpacing="xs" opacity={planners.isPlaceholderData ? 0.6 : 1}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Nome</Table.Th>
                    <Table.Th>E-mail</Table.Th>
                    <Table.Th>Clientes</Table.Th>
                    <Table.Th>Último acesso</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {planners.data.results.map((planner) => {
                    const name = formatPersonName(planner.user);
                    return (
                      <Table.Tr key={planner.user.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Avatar src={planner.profile_picture} name={name} size="sm" color="initials" />
                            <Text size="sm">{name}</Text>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{planner.user.email}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{planner.clients_count}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(planner.last_login, 'Nunca entrou')}</Text>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PaginationControls
              count={planners.data.count}
              offset={offset}
              pageSize={plannersPageSize}
              hasPrevious={Boolean(planners.data.previous) || offset > 0}
              hasNext={Boolean(planners.data.next)}
              onOffsetChange={setOffset}
              singularNoun="planejador"
              pluralNoun="planejadores"
            />
          </>
        )
      ) : null}
    </Paper>
  );
}
