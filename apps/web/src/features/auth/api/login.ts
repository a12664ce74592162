import type { SessionKey } from '@prumo/contract/accounts';
import type { Login } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/login/: silent, since the login screen has its own texts for every failure. */
export function login(body: Login): Promise<SessionKey> {
  return requestApi<SessionKey>('rest-auth/login/', { method: 'POST', body, authenticated: false, silent: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
