import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refetchAfterRowChange } from '../../../lib/query-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** DELETE tasks/task/{id}/: 204 (the client's planner or a manager). */
export function deleteTask(id: number): Promise<void> {
  return requestApi<void>(`tasks/task/${id}/`, { method: 'DELETE' });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: () => refetchAfterRowChange(queryClient, [sharedQueryKeys.tasks]),
  });
}
