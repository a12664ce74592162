import type { ImportBundle } from '@prumo/contract/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { filesQueryKey } from './get-files';

/** GET import-bundle/{id}/: one import's files, with how each was read. */
export function getImportBundle(id: string, signal?: AbortSignal): Promise<ImportBundle> {
  return requestApi<ImportBundle>(`import-bundle/${id}/`, { signal });
}

export function importBundleQueryOptions(clientId: string | null, id: string) {
  return queryOptions({
    // Under the files' key: deleting or reading a file refreshes the bundle too.
    queryKey: [...filesQueryKey, 'bundle', clientId, id],
    queryFn: ({ signal }) => getImportBundle(id, signal),
  });
}

export function useImportBundle(id: string) {
  const clientId = useRouteClientId();
  return useQuery(importBundleQueryOptions(clientId, id));
}
