import type { Registration } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { DetailAnswer } from '../../../types/api';

/** POST rest-auth/registration/: 201 "Conta criada" and a confirmation e-mail. */
export function register(body: Registration): Promise<DetailAnswer> {
  return requestApi<DetailAnswer>('rest-auth/registration/', { method: 'POST', body, authenticated: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
