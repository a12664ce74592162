import type { Detail } from '@prumo/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { personaQueryKey } from '../../../lib/persona';
import { refetchAfterRowChange } from '../../../lib/query-client';
import { invitationsQueryKey } from './get-invitations';

/** POST invitations/{id}/revoke/: the link stops working; a standing link is replaced by a new one. */
export function revokeInvitation(id: number): Promise<Detail> {
  return requestApi<Detail>(`invitations/${id}/revoke/`, { method: 'POST' });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    // Revoking one's own standing link changes the Persona's hash. The revoked row leaves the list
    // on refetch: waiting for it would unmount the row before its own onSuccess (the snackbar) ran.
    onSuccess: () => refetchAfterRowChange(queryClient, [invitationsQueryKey, personaQueryKey]),
  });
}
