import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import type { Page } from '../../../types/api';
import type { StatementFile } from '../../../types/cash-flow-api';

/** Every files query starts with this key. */
export const filesQueryKey = ['files'] as const;

/** GET file/: the client's imported files, newest first. */
export function getFiles(signal?: AbortSignal): Promise<Page<StatementFile>> {
  return requestApi<Page<StatementFile>>('file/', { signal });
}

/** `clientId` is the address's client (sent by the API client for planners); it keeps clients apart in the cache. */
export function filesQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...filesQueryKey, 'list', clientId],
    queryFn: ({ signal }) => getFiles(signal),
  });
}

export function useFiles() {
  const clientId = useRouteClientId();
  return useQuery(filesQueryOptions(clientId));
}
