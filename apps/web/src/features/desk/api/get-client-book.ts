import type { Page } from '@prumo/contract/common';
import type { ClientRecord } from '@prumo/contract/profiles';
import type { ClientAttentionFilter, ClientOrdering } from '@prumo/domain/clients/client-attention';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** The book comes 25 clients a page. */
export const clientBookPageSize = 25;

export interface ClientBookQuery {
  offset: number;
  search: string;
  attention: ClientAttentionFilter[];
  ordering: { by: ClientOrdering; descending: boolean };
  /** true: the active clients (the planner's book); false: paused and closed ones. */
  active: boolean;
}

/** GET profiles/clients/: the planner's clients with what needs attention (ADR 33). */
export function getClientBook(query: ClientBookQuery, signal?: AbortSignal): Promise<Page<ClientRecord>> {
  return requestApi<Page<ClientRecord>>('profiles/clients/', {
    query: {
      limit: clientBookPageSize,
      offset: query.offset,
      isActive: query.active ? 'true' : 'false',
      search: query.search.trim() || undefined,
      attention: query.attention.length ? query.attention.join(',') : undefined,
      ordering: `${query.ordering.descending ? '-' : ''}${query.ordering.by}`,
    },
    signal,
  });
}

/** The same key family as the team's client lists: a status change refreshes both. */
export const clientBookQueryKey = ['clients'] as const;

export function clientBookQueryOptions(query: ClientBookQuery) {
  return queryOptions({
    queryKey: [...clientBookQueryKey, 'book', query],
    queryFn: ({ signal }) => getClientBook(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClientBook(query: ClientBookQuery) {
  return useQuery(clientBookQueryOptions(query));
}

/** One client's record (GET profiles/clients/?client=), for the client view's status. */
export function getClientRecord(clientId: string, signal?: AbortSignal): Promise<ClientRecord | null> {
  return requestApi<Page<ClientRecord>>('profiles/clients/', { query: { client: clientId }, signal }).then(
    (page) => page.results[0] ?? null,
  );
}

export function clientRecordQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: [...clientBookQueryKey, 'record', clientId],
    queryFn: ({ signal }) => getClientRecord(clientId, signal),
  });
}

export function useClientRecord(clientId: string) {
  return useQuery(clientRecordQueryOptions(clientId));
}
