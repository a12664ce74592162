import type { ProspectLink } from '@prumo/contract/prospects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { prospectsQueryKey } from './get-prospects';

/** POST prospects/{id}/upload-link/: a single-use link for the prospect to send statements, e-mailed when asked. */
export function createUploadLink({ prospectId, sendEmail }: { prospectId: number; sendEmail: boolean }) {
  return requestApi<ProspectLink>(`prospects/${prospectId}/upload-link/`, {
    method: 'POST',
    body: { send_email: sendEmail },
  });
}

export function useCreateUploadLink() {
  return useMutation({ mutationFn: createUploadLink });
}

/** POST prospects/{id}/invite/: the client invitation that converts the prospect, with a plan when chosen. */
export function inviteProspect({
  prospectId,
  sendEmail,
  plan,
}: {
  prospectId: number;
  sendEmail: boolean;
  plan: string | null;
}) {
  return requestApi<ProspectLink>(`prospects/${prospectId}/invite/`, {
    method: 'POST',
    body: { send_email: sendEmail, ...(plan ? { plan } : {}) },
  });
}

export function useInviteProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteProspect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectsQueryKey }),
  });
}
