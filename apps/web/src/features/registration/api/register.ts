import type { Detail } from '@prumo/contract/common';
import type { Registration } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/registration/: 201 "Conta criada" and a confirmation e-mail. */
export function register(body: Registration): Promise<Detail> {
  return requestApi<Detail>('rest-auth/registration/', { method: 'POST', body, authenticated: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
