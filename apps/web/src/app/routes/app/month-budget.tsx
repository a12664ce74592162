import { Anchor, Group, Stack } from '@mantine/core';
import { formatMonthName, parseTargetMonth } from '@prumo/domain/budget/target-month';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { useBudgetPlanningTask } from '../../../features/budget/api/get-budget-planning-task';
import { budgetQueryKey, useMonthBudget } from '../../../features/budget/api/get-month-budget';
import { BudgetQueryEditor } from '../../../features/budget/components/budget-editor';
import { futureFlowQueryKey } from '../../../features/future-flow/api/get-future-flow';
import { MonthPlanNotice } from '../../../features/future-flow/components/month-plan-notice';
import { addClientQuery, useRouteClientId } from '../../../lib/client-scope';
import { notifyError } from '../../../lib/notifications';
import { usePersona } from '../../../lib/persona';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** The month of the address: "2026-12", or month first, "12-2026"; both are accepted. */
function readMonthParameter(text: string): string | null {
  const monthFirst = /^(\d{2})-(\d{4})$/.exec(text);
  return parseTargetMonth(monthFirst ? `${monthFirst[1]}/${monthFirst[2]}` : text);
}

function readPositiveId(value: string | undefined): string | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? value : null;
}

/** A month the address cannot mean (orcamento-do-mes/abc, 2026-13): say so, then go to the future flow. */
function InvalidMonth({ futureFlowHref }: { futureFlowHref: string }) {
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    notifyError('Mês inválido.', 'invalid-month');
    navigate(futureFlowHref, { replace: true });
  }, [navigate, futureFlowHref]);
  return null;
}

/** The link to the month's planning task, shown only once the task is found (not for a made-up id). */
function PlanningTaskLink({ taskId, href }: { taskId: string; href: string }) {
  const task = useBudgetPlanningTask(Number(taskId));
  if (!task.data) return null;
  return (
    <Anchor component={Link} to={href} size="sm">
      Tarefa de planejamento
    </Anchor>
  );
}

/** A month's budget, planned against actual, with where its plan comes from. */
function MonthBudget({ month, idealBudgetHref }: { month: string; idealBudgetHref: string }) {
  const queryClient = useQueryClient();
  const budget = useMonthBudget(month);
  const refresh = () => queryClient.invalidateQueries({ queryKey: budgetQueryKey });
  // Items change through the budget's own calls: each new read of the budget refreshes where the plan comes from.
  useEffect(() => {
    if (budget.dataUpdatedAt > 0) queryClient.invalidateQueries({ queryKey: futureFlowQueryKey });
  }, [budget.dataUpdatedAt, queryClient]);
  return (
    <Stack gap="md">
      <MonthPlanNotice month={month} onCreated={refresh} idealBudgetHref={idealBudgetHref} />
      <BudgetQueryEditor budget={budget} />
    </Stack>
  );
}

/** orcamento-do-mes/:date/:taskId? (future_flow on): the month a row of the future flow opens. */
export function MonthBudgetRoute() {
  const { organization = '', date = '', taskId } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  const futureFlowHref = addClientQuery(paths.app.routes['fluxo-futuro'].getHref(organization), viewedClientId);
  const idealBudgetHref = addClientQuery(paths.app.routes['orcamento-ideal'].getHref(organization), viewedClientId);
  const month = readMonthParameter(date);
  if (!month) return <InvalidMonth futureFlowHref={futureFlowHref} />;
  const task = readPositiveId(taskId);
  const planning = new URLSearchParams(task ? { task } : {});
  if (viewedClientId) planning.set('client', viewedClientId);
  const planningHref = `${paths.app.routes.planejamento.getHref(organization)}?${planning.toString()}`;
  return (
    <Stack gap="md">
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Orçamento do mês" /> : null}
      <SectionHeader
        title={`Orçamento de ${formatMonthName(month)}`}
        description="Planeje quanto entra e quanto sai no mês e acompanhe o realizado."
        actions={
          <Group gap="md">
            {task ? <PlanningTaskLink taskId={task} href={planningHref} /> : null}
            <Anchor component={Link} to={idealBudgetHref} size="sm">
              Orçamento ideal
            </Anchor>
            <Anchor component={Link} to={futureFlowHref} size="sm">
              Voltar ao fluxo futuro
            </Anchor>
          </Group>
        }
      />
      <MonthBudget key={`${month}/${viewedClientId ?? 'self'}`} month={month} idealBudgetHref={idealBudgetHref} />
    </Stack>
  );
}
