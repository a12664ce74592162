import type { PasswordReset } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/password/reset/: always 200; the e-mail goes only to existing accounts. */
export function requestPasswordReset(body: PasswordReset): Promise<unknown> {
  return requestApi('rest-auth/password/reset/', { method: 'POST', body, authenticated: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
