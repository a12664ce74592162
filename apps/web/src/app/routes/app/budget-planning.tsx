import { Stack } from '@mantine/core';
import type { BudgetPlanningTask } from '@prumo/contract/budget';
import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { BudgetPlanning } from '../../../features/budget/components/budget-planning';
import { BudgetPlanningTaskList } from '../../../features/budget/components/budget-planning-task-list';
import { useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';

function readPositiveId(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * planejamento?task=&client=&budget=: a planner fills a client's month budget for a
 * planning task and finishes it; the client reviews and accepts it. Without a task, the list.
 */
export function BudgetPlanningRoute() {
  const { organization = '' } = useParams();
  const [searchParameters] = useSearchParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const actingAs = persona.data.view === 'client' ? 'client' : 'planner';
  const route = paths.app.routes.planejamento;
  const listQuery = actingAs === 'planner' && clientId ? `?client=${clientId}` : '';
  const listHref = `${route.getHref(organization)}${listQuery}`;
  const getTaskHref = (task: BudgetPlanningTask) => {
    const query = new URLSearchParams({ task: String(task.id), client: String(task.client) });
    if (task.budget !== null) query.set('budget', String(task.budget));
    return `${route.getHref(organization)}?${query.toString()}`;
  };
  const taskId = readPositiveId(searchParameters.get('task'));
  return (
    <Stack gap="md">
      {taskId === null ? (
        <BudgetPlanningTaskList showClient={actingAs === 'planner'} getTaskHref={getTaskHref} />
      ) : (
        <BudgetPlanning
          // One screen per task and client: nothing carries over from another plan.
          key={`${taskId}/${clientId ?? 'self'}`}
          taskId={taskId}
          budgetId={readPositiveId(searchParameters.get('budget'))}
          actingAs={actingAs}
          listHref={listHref}
        />
      )}
    </Stack>
  );
}
