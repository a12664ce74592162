import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/logout/: deletes the token on the server. */
export function logout(): Promise<unknown> {
  return requestApi('rest-auth/logout/', { method: 'POST', silent: true });
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
