import type { Page } from '@prumo/contract/common';
import type { ClientRecord } from '@prumo/contract/profiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** Lists come 25 a page. */
export const clientsPageSize = 25;

/** A planner lists their clients; a manager lists all with profile=manager. */
export type ClientsScope = 'planner' | 'manager';

/** Which clients to list: every filter given must hold (ids as the API takes them). */
export interface ClientsFilter {
  plan?: string | null;
  planner?: string | null;
  client?: string | null;
}

export function getClients(
  scope: ClientsScope,
  offset: number,
  filter: ClientsFilter = {},
  signal?: AbortSignal,
): Promise<Page<ClientRecord>> {
  return requestApi<Page<ClientRecord>>('profiles/clients/', {
    query: {
      limit: clientsPageSize,
      offset,
      profile: scope === 'manager' ? 'manager' : undefined,
      plan: filter.plan ?? undefined,
      planner: filter.planner ?? undefined,
      client: filter.client ?? undefined,
    },
    signal,
  });
}

export const clientsQueryKey = ['clients'] as const;

export function clientsQueryOptions(scope: ClientsScope, offset: number, filter: ClientsFilter = {}) {
  return queryOptions({
    queryKey: [...clientsQueryKey, scope, offset, filter.plan ?? null, filter.planner ?? null, filter.client ?? null],
    queryFn: ({ signal }) => getClients(scope, offset, filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClients(scope: ClientsScope, offset: number, filter: ClientsFilter = {}) {
  return useQuery(clientsQueryOptions(scope, offset, filter));
}

/** Every client in reach (narrowed by the filter), for the "Cliente" filter; pages are walked until the end. */
export async function getAllClients(
  scope: ClientsScope,
  signal?: AbortSignal,
  filter: ClientsFilter = {},
): Promise<ClientRecord[]> {
  const clients: ClientRecord[] = [];
  for (let offset = 0; ; offset += clientsPageSize) {
    const page = await getClients(scope, offset, filter, signal);
    clients.push(...page.results);
    if (!page.next || page.results.length === 0) return clients;
  }
}

/** Loaded only once asked for (the filter's list opened): a large book of clients costs several pages. */
export function useAllClients(scope: ClientsScope, enabled: boolean) {
  return useQuery({
    queryKey: [...clientsQueryKey, scope, 'all'],
    queryFn: ({ signal }) => getAllClients(scope, signal),
    enabled,
  });
}

/** A planner's whole book, for moving their clients to another planner. */
export function useAllClientsOfPlanner(plannerId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...clientsQueryKey, 'manager', 'all', 'planner', plannerId],
    queryFn: ({ signal }) => getAllClients('manager', signal, { planner: String(plannerId) }),
    enabled,
  });
}
