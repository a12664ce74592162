import type { PasswordChange } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/password/change/: 400 on old_password when the current one is wrong. */
export function changePassword(body: PasswordChange): Promise<unknown> {
  return requestApi('rest-auth/password/change/', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
