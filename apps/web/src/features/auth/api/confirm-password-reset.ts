import type { Detail } from '@prumo/contract/common';
import type { PasswordResetConfirm } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/password/reset/confirm/ with the uid and token of the e-mailed link. */
export function confirmPasswordReset(body: PasswordResetConfirm): Promise<Detail> {
  return requestApi<Detail>('rest-auth/password/reset/confirm/', {
    method: 'POST',
    body,
    authenticated: false,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
