import type { InvitationRecord } from '@prumo/contract/invitations';
import { type AccessLevel, addressWordByRole } from '@prumo/domain/auth/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { invitationsQueryKey } from './get-invitations';

/** POST invitations/ {role}: a new link that grants this role only. */
export function createInvitation(role: AccessLevel): Promise<InvitationRecord> {
  return requestApi<InvitationRecord>('invitations/', { method: 'POST', body: { role: addressWordByRole[role] } });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
