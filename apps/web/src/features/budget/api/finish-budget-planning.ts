import type { BudgetPlanningTask } from '@prumo/contract/budget';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

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
    // Every task query: the plannings', and the tasks screens' and the bell's (the task changed status).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.tasks }),
  });
}
