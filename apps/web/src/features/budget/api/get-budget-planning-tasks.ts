import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { tasksQueryKey } from '../../../lib/query-client';
import type { Page } from '../../../types/api';
import type { BudgetPlanningTask } from '../../../types/budget-api';

/** Every budget-planning task query starts with this key; a planning is a task, so it starts with the tasks' key. */
export const budgetPlanningQueryKey = [...tasksQueryKey, 'budget-planning'] as const;

/** GET tasks/budget-planning/: a client's own tasks, or a planner's (of the client in the address). */
export function getBudgetPlanningTasks(signal?: AbortSignal): Promise<Page<BudgetPlanningTask>> {
  return requestApi<Page<BudgetPlanningTask>>('tasks/budget-planning/', { query: { limit: 100 }, signal });
}

export function budgetPlanningTasksQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...budgetPlanningQueryKey, 'list', clientId],
    queryFn: ({ signal }) => getBudgetPlanningTasks(signal),
  });
}

export function useBudgetPlanningTasks() {
  const clientId = useRouteClientId();
  return useQuery(budgetPlanningTasksQueryOptions(clientId));
}
