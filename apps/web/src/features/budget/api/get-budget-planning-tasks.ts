import type { BudgetPlanningTaskPage } from '@prumo/contract/budget';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** Every budget-planning task query starts with this key; a planning is a task, so it starts with the tasks' key. */
export const budgetPlanningQueryKey = [...sharedQueryKeys.tasks, 'budget-planning'] as const;

/** GET tasks/budget-planning/: a client's own tasks, or a planner's (of the client in the address). */
export function getBudgetPlanningTasks(signal?: AbortSignal): Promise<BudgetPlanningTaskPage> {
  return requestApi<BudgetPlanningTaskPage>('tasks/budget-planning/', { query: { limit: 100 }, signal });
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
