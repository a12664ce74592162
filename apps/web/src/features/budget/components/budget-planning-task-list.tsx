import { Anchor, Badge, Paper, Text } from '@mantine/core';
import type { BudgetPlanningTask } from '@prumo/contract/budget';
import { formatMonthTitle } from '@prumo/domain/budget/target-month';
import { Link } from 'react-router';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { TaskStatusBadge } from '../../../components/task-status-badge';
import { describeError } from '../../../lib/errors';
import { useBudgetPlanningTasks } from '../api/get-budget-planning-tasks';

const planningColumns: DataColumn[] = [
  { key: 'month', header: 'Mês' },
  { key: 'planning', header: 'Planejamento', phone: 'title' },
  { key: 'client', header: 'Cliente' },
  { key: 'status', header: 'Status', phone: 'aside' },
];

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
        <DataTable
          label="Planejamentos do orçamento"
          columns={planningColumns.filter((column) => showClient || column.key !== 'client')}
          minWidth={560}
        >
          {tasks.data.results.map((task) => (
            <DataRow key={task.id} label={task.title}>
              <DataCell column="month">{task.target_month ? formatMonthTitle(task.target_month) : '—'}</DataCell>
              <DataCell column="planning">
                <Anchor component={Link} to={getTaskHref(task)} size="sm">
                  {task.title}
                </Anchor>
              </DataCell>
              <DataCell column="client">{task.client_name}</DataCell>
              <DataCell column="status">
                {/* Only the planner's lists hold drafts: the client gets a planning once it is sent. */}
                {task.sent_at === null ? (
                  <Badge color="gray" variant="light">
                    Rascunho
                  </Badge>
                ) : (
                  <TaskStatusBadge status={task.status} />
                )}
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </Paper>
  );
}
