import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { BudgetPlanningTask } from '../../../types/budget-api';
import { budgetPlanningQueryKey } from './get-budget-planning-tasks';

export const planningNotFinishedMessage = 'Planejamento não finalizado';

/**
 * PUT tasks/budget-planning/{taskId}/finish/: a planner finishing sends the plan to the client
 * (pending); the client finishing accepts it (done). Anything but 200 is 'Planejamento não finalizado'.
 */
export function finishBudgetPlanning(id: number): Promise<BudgetPlanningTask> {
  return requestApi<BudgetPlanningTask>(`tasks/budget-planning/${id}/finish/`, {
    method: 'PUT',
    body: {},
    defaultMessage: planningNotFinishedMessage,
  });
}

export function useFinishBudgetPlanning() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishBudgetPlanning,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetPlanningQueryKey }),
  });
}
