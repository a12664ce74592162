import type { StatementFilePage } from '@prumo/contract/imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

/** Every files query starts with this key. */
export const filesQueryKey = ['files'] as const;

/** The API's default page size for file/. */
export const filesPageSize = 25;

/** GET file/: one page of the client's imported files, newest first. */
export function getFiles(offset: number, signal?: AbortSignal): Promise<StatementFilePage> {
  return requestApi<StatementFilePage>('file/', { query: { limit: filesPageSize, offset }, signal });
}

/** `clientId` is the address's client (sent by the API client for planners); it keeps clients apart in the cache. */
export function filesQueryOptions(clientId: string | null, offset: number) {
  return queryOptions({
    queryKey: [...filesQueryKey, 'list', clientId, offset],
    queryFn: ({ signal }) => getFiles(offset, signal),
    placeholderData: keepPreviousData,
  });
}

/** The first page unless told otherwise: the newest files, where new accounts come from. */
export function useFiles(offset = 0) {
  const clientId = useRouteClientId();
  return useQuery(filesQueryOptions(clientId, offset));
}
