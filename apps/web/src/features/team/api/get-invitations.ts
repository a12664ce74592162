import type { Page } from '@prumo/contract/common';
import type { InvitationRecord } from '@prumo/contract/invitations';
import { type AccessLevel, addressWordByRole } from '@prumo/domain/auth/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const invitationsQueryKey = ['invitations'] as const;

/** The links a screen shows at once; a team rarely keeps more than a handful per role. */
const invitationsPageSize = 100;

/** GET invitations/?role=: a manager's organization links, a planner's own client links. */
export function getInvitations(role: AccessLevel, signal?: AbortSignal): Promise<Page<InvitationRecord>> {
  return requestApi<Page<InvitationRecord>>('invitations/', {
    query: { role: addressWordByRole[role], limit: invitationsPageSize, offset: 0 },
    signal,
  });
}

export function invitationsQueryOptions(role: AccessLevel) {
  return queryOptions({
    queryKey: [...invitationsQueryKey, role],
    queryFn: ({ signal }) => getInvitations(role, signal),
  });
}

export function useInvitations(role: AccessLevel) {
  return useQuery(invitationsQueryOptions(role));
}
