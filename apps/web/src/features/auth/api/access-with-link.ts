import type { AccessLinkSession } from '@prumo/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/access/: trades a one-time fast-access token for a session key. */
export function accessWithLink(token: string): Promise<AccessLinkSession> {
  return requestApi<AccessLinkSession>('rest-auth/access/', {
    method: 'POST',
    body: { token },
    authenticated: false,
  });
}

/** A query so the one-time token is spent once, whatever React re-renders. */
export function fastAccessQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['fast-access', token],
    queryFn: () => accessWithLink(token),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useFastAccess(token: string) {
  return useQuery(fastAccessQueryOptions(token));
}
