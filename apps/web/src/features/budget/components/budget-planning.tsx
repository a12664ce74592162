import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatMonthName } from '@prumo/domain/budget/target-month';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { TaskStatusBadge } from '../../../components/task-status-badge';
import { describeError, isApiError } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useFinishBudgetPlanning } from '../api/finish-budget-planning';
import { useBudget } from '../api/get-budget';
import { useBudgetPlanningTask } from '../api/get-budget-planning-task';
import { BudgetEditor } from './budget-editor';

interface BudgetPlanningProps {
  taskId: number;
  /** The `budget` query of the address, used until the task says which budget it plans. */
  budgetId: number | null;
  /** A planner fills and sends the plan; the client reviews and accepts it. */
  actingAs: 'planner' | 'client';
  listHref: string;
}

/** planejamento?task=&client=&budget=: the month's budget of a planning task, and its finish button. */
export function BudgetPlanning({ taskId, budgetId, actingAs, listHref }: BudgetPlanningProps) {
  const task = useBudgetPlanningTask(taskId);
  const budget = useBudget(task.data?.budget ?? budgetId);
  const finish = useFinishBudgetPlanning();

  const handleFinish = () => {
    finish.mutate(taskId, {
      onSuccess: () =>
        notifySuccess(actingAs === 'planner' ? 'Planejamento enviado ao cliente' : 'Planejamento aceito'),
      onError: (error) => {
        if (!(isApiError(error) && error.notified)) notifyError(describeError(error));
      },
    });
  };

  if (task.isPending) return <PageLoader />;
  if (task.isError) return <ErrorState message={describeError(task.error)} onRetry={() => task.refetch()} />;
  const accepted = actingAs === 'client' && task.data.status === 'done';
  return (
    <Stack gap="md">
      <Anchor component={Link} to={listHref} size="sm">
        ‹ Todos os planejamentos
      </Anchor>
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {task.data.title}
            </Title>
            <Text size="sm" c="dimmed">
              {actingAs === 'planner' ? `${task.data.client_name} · ` : ''}
              Orçamento de {task.data.target_month ? formatMonthName(task.data.target_month) : '—'}
            </Text>
            <Group gap="xs">
              <TaskStatusBadge status={task.data.status} />
              <Text size="xs" c="dimmed">
                {actingAs === 'planner'
                  ? 'Ao finalizar, o cliente recebe o planejamento para revisar e aceitar.'
                  : accepted
                    ? 'Você aceitou este planejamento.'
                    : 'Revise o orçamento preparado pelo seu planejador e aceite quando estiver de acordo.'}
              </Text>
            </Group>
          </Stack>
          <Button onClick={handleFinish} loading={finish.isPending} disabled={accepted}>
            {actingAs === 'planner' ? 'Finalizar planejamento' : 'Aceitar planejamento'}
          </Button>
        </Group>
      </Paper>
      {budget.isPending ? (
        <PageLoader />
      ) : budget.isError ? (
        <ErrorState message={describeError(budget.error)} onRetry={() => budget.refetch()} />
      ) : budget.data.id === null ? null : (
        <BudgetEditor key={budget.data.id} budget={{ ...budget.data, id: budget.data.id }} />
      )}
    </Stack>
  );
}
