import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { personaQueryKey } from '../../../lib/persona';
import type { DetailAnswer } from '../../../types/api';
import { invitationsQueryKey } from './get-invitations';

/** POST invitations/{id}/revoke/: the link stops working; a standing link is replaced by a new one. */
export function revokeInvitation(id: number): Promise<DetailAnswer> {
  return requestApi<DetailAnswer>(`invitations/${id}/revoke/`, { method: 'POST' });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    // Revoking one's own standing link changes the Persona's hash.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: personaQueryKey }),
      ]),
  });
}
