import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Budget, BudgetPlanningTask } from '@prumo/contract/budget';
import { formatMonthName } from '@prumo/domain/budget/target-month';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { TaskStatusBadge } from '../../../components/task-status-badge';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { describeError, isApiError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { listEnabledToggles } from '../../../lib/organization';
import { usePersona } from '../../../lib/persona';
import { useFinishBudgetPlanning } from '../api/finish-budget-planning';
import { useBudget } from '../api/get-budget';
import { useBudgetPlanningTask } from '../api/get-budget-planning-task';
import { BudgetQueryEditor } from './budget-editor';
import { BudgetPlanningCopyOffer } from './budget-planning-copy-offer';

interface BudgetPlanningProps {
  taskId: number;
  /** The `budget` query of the address, used until the task says which budget it plans. */
  budgetId: number | null;
  /** A planner fills and sends the plan; the client reviews and accepts it. */
  actingAs: 'planner' | 'client';
  listHref: string;
}

function isBudgetEmpty(budget: Budget): boolean {
  return budget.income_items.length === 0 && budget.expense_items_by_category.length === 0;
}

/** What the header says under the title, by who is looking and where the planning stands. */
function describePlanningState(task: BudgetPlanningTask, actingAs: 'planner' | 'client'): string {
  if (actingAs === 'planner') {
    return task.sent_at === null
      ? 'O cliente ainda não vê este planejamento. Ao finalizar, ele o recebe para revisar e aceitar.'
      : 'Ao finalizar de novo, o cliente recebe a revisão para aceitar.';
  }
  return task.status === 'done'
    ? 'Você aceitou este planejamento.'
    : 'Revise o orçamento preparado pelo seu planejador e aceite quando estiver de acordo.';
}

/** planejamento?task=&client=&budget=: the month's budget of a planning task, and its finish button. */
export function BudgetPlanning({ taskId, budgetId, actingAs, listHref }: BudgetPlanningProps) {
  const task = useBudgetPlanningTask(taskId);
  const budget = useBudget(task.data?.budget ?? budgetId);
  const finish = useFinishBudgetPlanning();
  const persona = usePersona();
  // A manager viewing a client reads the plan; only its planner sends it (ADR 13).
  const readOnly = useIsReadOnlyClientView();
  // Copies go through the future flow's calls, open only with its toggle.
  const hasFutureFlow = persona.data
    ? listEnabledToggles(persona.data.organization, persona.data.permissions).has('future_flow')
    : false;

  const handleFinish = () => {
    finish.mutate(taskId, {
      onSuccess: () =>
        notifySuccess(actingAs === 'planner' ? 'Planejamento enviado ao cliente' : 'Planejamento aceito'),
      onError: (error) => {
        notifyMutationError(error);
      },
    });
  };

  const backLink = (
    <Anchor component={Link} to={listHref} size="sm">
      ‹ Todos os planejamentos
    </Anchor>
  );
  if (task.isPending) return <PageLoader />;
  if (task.isError) {
    // A task that does not exist (or is not the caller's) will not appear by trying again.
    if (isApiError(task.error) && task.error.status === 404) {
      return (
        <Stack gap="md">
          {backLink}
          <Alert color="gray" variant="light" title="Planejamento não encontrado">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">Este planejamento não existe ou não está disponível para você.</Text>
              <Button component={Link} to={listHref} size="xs" variant="light">
                Ver todos os planejamentos
              </Button>
            </Stack>
          </Alert>
        </Stack>
      );
    }
    return <ErrorState message={describeError(task.error)} onRetry={() => task.refetch()} />;
  }
  const accepted = actingAs === 'client' && task.data.status === 'done';
  const isDraft = task.data.sent_at === null;
  const targetMonth = task.data.target_month;
  const offersCopy = actingAs === 'planner' && hasFutureFlow && targetMonth !== null && budget.isSuccess;
  return (
    <Stack gap="md">
      {backLink}
      <Paper withBorder p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3">
              {task.data.title}
            </Title>
            <Text size="sm" c="dimmed">
              {actingAs === 'planner' ? `${task.data.client_name} · ` : ''}
              Orçamento de {targetMonth ? formatMonthName(targetMonth) : '—'}
            </Text>
            <Group gap="xs">
              {isDraft ? (
                <Badge color="gray" variant="light">
                  Rascunho
                </Badge>
              ) : (
                <TaskStatusBadge status={task.data.status} />
              )}
              {readOnly ? null : (
                <Text size="xs" c="dimmed">
                  {describePlanningState(task.data, actingAs)}
                </Text>
              )}
            </Group>
          </Stack>
          {readOnly ? null : (
            <Button onClick={handleFinish} loading={finish.isPending} disabled={accepted}>
              {actingAs === 'planner' ? 'Finalizar planejamento' : 'Aceitar planejamento'}
            </Button>
          )}
        </Group>
      </Paper>
      {offersCopy && targetMonth ? (
        <BudgetPlanningCopyOffer targetMonth={targetMonth} isMonthEmpty={isBudgetEmpty(budget.data)} />
      ) : null}
      <BudgetQueryEditor budget={budget} />
    </Stack>
  );
}
