import type { Invitation } from '@prumo/contract/invitations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET invitation/{hash}/: who invited, so the page can say so; 404 for a bad hash. */
export function getInvitation(hash: string, organization: string, signal?: AbortSignal): Promise<Invitation> {
  return requestApi<Invitation>(`invitation/${encodeURIComponent(hash)}/`, {
    query: { organization },
    authenticated: false,
    signal,
  });
}

export function invitationQueryOptions(hash: string, organization: string) {
  return queryOptions({
    queryKey: ['invitation', organization, hash],
    queryFn: ({ signal }) => getInvitation(hash, organization, signal),
  });
}

export function useInvitation(hash: string, organization: string) {
  return useQuery(invitationQueryOptions(hash, organization));
}
