import type { Task } from '@prumo/contract/tasks';
import type { TaskType } from '@prumo/domain/tasks/task-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

export interface NewTaskBody {
  client: number;
  /** "YYYY-MM-DD" or null. */
  start: string | null;
  end: string | null;
  title: string | null;
  message: string | null;
}

/** POST tasks/{type}/: 201 with the task; a planning without title gets one written in pt-BR. */
export function createTask(input: { type: TaskType; body: NewTaskBody }): Promise<Task> {
  return requestApi<Task>(`tasks/${input.type}/`, { method: 'POST', body: input.body });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.tasks }),
  });
}
