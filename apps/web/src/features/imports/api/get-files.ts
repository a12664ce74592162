import type { StatementFile } from '@prumo/contract/imports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import type { Page } from '../../../types/api';

/** Every files query starts with this key. */
export const filesQueryKey = ['files'] as const;

/** Page size of calls-payments §9, the API's default for file/. */
export const filesPageSize = 25;

/** GET file/: one page of the client's imported files, newest first. */
export function getFiles(offset: number, signal?: AbortSignal): Promise<Page<StatementFile>> {
  return requestApi<Page<StatementFile>>('file/', { query: { limit: filesPageSize, offset }, signal });
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
