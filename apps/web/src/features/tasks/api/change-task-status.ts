import type { Task } from '@prumo/contract/tasks';
import type { TaskStatus } from '@prumo/domain/tasks/task-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refetchAfterRowChange } from '../../../lib/query-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** PUT tasks/task/{id}/change-status/: ignore (rejected), complete (done) or reopen (pending). */
export function changeTaskStatus(input: { id: number; status: TaskStatus }): Promise<Task> {
  return requestApi<Task>(`tasks/task/${input.id}/change-status/`, {
    method: 'PUT',
    body: { status: input.status },
  });
}

export function useChangeTaskStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeTaskStatus,
    onSuccess: () => refetchAfterRowChange(queryClient, [sharedQueryKeys.tasks]),
  });
}
