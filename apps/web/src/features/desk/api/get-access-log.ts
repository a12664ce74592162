import type { AccessLogPage } from '@prumo/contract/desks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const accessLogPageSize = 25;

/** GET access-log/: the caller's own (a client), or the named client's (`clientId`, an adviser). */
export function getAccessLog(clientId: string | null, offset: number, signal?: AbortSignal): Promise<AccessLogPage> {
  return requestApi<AccessLogPage>('access-log/', {
    query: { limit: accessLogPageSize, offset, clientId: clientId ?? undefined },
    signal,
  });
}

export const accessLogQueryKey = ['access-log'] as const;

export function accessLogQueryOptions(clientId: string | null, offset: number) {
  return queryOptions({
    queryKey: [...accessLogQueryKey, clientId, offset],
    queryFn: ({ signal }) => getAccessLog(clientId, offset, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccessLog(clientId: string | null, offset: number) {
  return useQuery(accessLogQueryOptions(clientId, offset));
}
