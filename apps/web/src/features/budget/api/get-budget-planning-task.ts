import type { BudgetPlanningTask } from '@prumo/contract/budget';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { budgetPlanningQueryKey } from './get-budget-planning-tasks';

/** GET tasks/budget-planning/{taskId}/: the task with its target month and budget. */
export function getBudgetPlanningTask(id: number, signal?: AbortSignal): Promise<BudgetPlanningTask> {
  return requestApi<BudgetPlanningTask>(`tasks/budget-planning/${id}/`, { signal });
}

export function budgetPlanningTaskQueryOptions(clientId: string | null, id: number) {
  return queryOptions({
    queryKey: [...budgetPlanningQueryKey, 'detail', clientId, id],
    queryFn: ({ signal }) => getBudgetPlanningTask(id, signal),
  });
}

export function useBudgetPlanningTask(id: number) {
  const clientId = useRouteClientId();
  return useQuery(budgetPlanningTaskQueryOptions(clientId, id));
}
