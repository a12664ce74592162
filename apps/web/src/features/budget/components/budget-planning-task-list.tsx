import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { formatMonthTitle } from '@prumo/domain/budget/target-month';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { TaskStatusBadge } from '../../../components/task-status-badge';
import { describeError } from '../../../lib/errors';
import type { BudgetPlanningTask } from '../../../types/budget-api';
import { useBudgetPlanningTasks } from '../api/get-budget-planning-tasks';

interface BudgetPlanningTaskListProps {
  /** Planners see whose plan each task is. */
  showClient: boolean;
  getTaskHref: (task: BudgetPlanningTask) => string;
}

/** The budget plans of the client (or of the planner's clients), latest month first. */
export function BudgetPlanningTaskList({ showClient, getTaskHref }: BudgetPlanningTaskListProps) {
  const tasks = useBudgetPlanningTasks();
  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Planejamentos do orçamento"
        description="Cada planejamento é o orçamento de um mês, preenchido pelo planejador e aceito pelo cliente."
      />
      {tasks.isPending ? (
        <PageLoader />
      ) : tasks.isError ? (
        <ErrorState message={describeError(tasks.error)} onRetry={() => tasks.refetch()} />
      ) : tasks.data.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum planejamento por enquanto.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Mês</Table.Th>
                <Table.Th>Planejamento</Table.Th>
                {showClient ? <Table.Th>Cliente</Table.Th> : null}
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.data.results.map((task) => (
                <Table.Tr key={task.id}>
                  <Table.Td>{task.target_month ? formatMonthTitle(task.target_month) : '—'}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={getTaskHref(task)} size="sm">
                      {task.title}
                    </Anchor>
                  </Table.Td>
                  {showClient ? <Table.Td>{task.client_name}</Table.Td> : null}
                  <Table.Td>
                    {/* Only the planner's lists hold drafts: the client gets a planning once it is sent. */}
                    {task.sent_at === null ? (
                      <Badge color="gray" variant="light">
                        Rascunho
                      </Badge>
                    ) : (
                      <TaskStatusBadge status={task.status} />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
