import type { Page } from '@prumo/contract/common';
import type { Connection } from '@prumo/contract/open-banking';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

export const connectionsQueryKey = ['open-banking', 'connections'] as const;

/** GET open-banking/v2/links-connect/: the client's connections, newest first. */
export function getConnections(signal?: AbortSignal): Promise<Page<Connection>> {
  return requestApi<Page<Connection>>('open-banking/v2/links-connect/', { query: { limit: 50 }, signal });
}

/** Whether a connection's sync is still to finish: the list is read again until none is. */
export function isSyncUnderWay(connection: Connection): boolean {
  return (
    connection.status === 'active' && (connection.sync_status === 'waiting' || connection.sync_status === 'running')
  );
}

export function connectionsQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...connectionsQueryKey, clientId],
    queryFn: ({ signal }) => getConnections(signal),
    refetchInterval: (query) => (query.state.data?.results.some(isSyncUnderWay) ? 2_000 : false),
  });
}

export function useConnections() {
  return useQuery(connectionsQueryOptions(useRouteClientId()));
}
