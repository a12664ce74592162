import type { TaskPage } from '@prumo/contract/tasks';
import type { TaskStatus, TaskType } from '@prumo/domain/tasks/task-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** Lists come 25 a page. */
export const tasksPageSize = 25;

export interface TaskListFilter {
  /** null: every status (a client's list is pending-only unless it says so). */
  statuses: TaskStatus[] | null;
  types: TaskType[] | null;
  offset: number;
  limit?: number;
}

/** GET tasks/task/: the client's tasks, newest first (a planner's address names the client). */
export function getTasks(filter: TaskListFilter, signal?: AbortSignal): Promise<TaskPage> {
  return requestApi<TaskPage>('tasks/task/', {
    query: {
      status: filter.statuses ? filter.statuses.join(',') : 'all',
      type: filter.types ? filter.types.join(',') : undefined,
      limit: filter.limit ?? tasksPageSize,
      offset: filter.offset,
    },
    signal,
  });
}

/** `clientId` is the address's client (sent by the API client for planners); it keeps clients apart in the cache. */
export function tasksQueryOptions(clientId: string | null, filter: TaskListFilter) {
  return queryOptions({
    queryKey: [...sharedQueryKeys.tasks, 'list', clientId, filter],
    queryFn: ({ signal }) => getTasks(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTasks(filter: TaskListFilter) {
  const clientId = useRouteClientId();
  return useQuery(tasksQueryOptions(clientId, filter));
}

/** The client's new tasks for the bell, checked again every minute while the app is open. */
export function useBellTasks(types: TaskType[] | null, enabled: boolean) {
  return useQuery({
    ...tasksQueryOptions(null, { statuses: ['pending'], types, offset: 0, limit: 10 }),
    enabled,
    refetchInterval: 60_000,
  });
}
