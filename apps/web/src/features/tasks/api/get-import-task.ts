import type { ImportTask } from '@prumo/contract/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET tasks/import/{id}/: an import task with the files of the bundle that closed it. */
export function getImportTask(id: string, signal?: AbortSignal): Promise<ImportTask> {
  return requestApi<ImportTask>(`tasks/import/${id}/`, { signal });
}

export function importTaskQueryOptions(clientId: string | null, id: string) {
  return queryOptions({
    queryKey: [...sharedQueryKeys.tasks, 'import', clientId, id],
    queryFn: ({ signal }) => getImportTask(id, signal),
  });
}

export function useImportTask(id: string) {
  const clientId = useRouteClientId();
  return useQuery(importTaskQueryOptions(clientId, id));
}
