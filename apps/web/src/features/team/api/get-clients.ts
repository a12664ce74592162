import type { Page } from '@prumo/contract/common';
import type { ClientRecord } from '@prumo/contract/profiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** Lists come 25 a page. */
export const clientsPageSize = 25;

/** A planner lists their clients; a manager lists all with profile=manager. */
export type ClientsScope = 'planner' | 'manager';

export function getClients(scope: ClientsScope, offset: number, signal?: AbortSignal): Promise<Page<ClientRecord>> {
  return requestApi<Page<ClientRecord>>('profiles/clients/', {
    query: { limit: clientsPageSize, offset, profile: scope === 'manager' ? 'manager' : undefined },
    signal,
  });
}

export const clientsQueryKey = ['clients'] as const;

export function clientsQueryOptions(scope: ClientsScope, offset: number) {
  return queryOptions({
    queryKey: [...clientsQueryKey, scope, offset],
    queryFn: ({ signal }) => getClients(scope, offset, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(scope: ClientsScope, offset: number) {
  return useQuery(clientsQueryOptions(scope, offset));
}
