import type { SimpleRegistration } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { DetailAnswer } from '../../../types/api';

/** POST rest-auth/registration/simple/: no CPF, always a client. */
export function registerSimple(body: SimpleRegistration): Promise<DetailAnswer> {
  return requestApi<DetailAnswer>('rest-auth/registration/simple/', { method: 'POST', body, authenticated: false });
}

export function useRegisterSimple() {
  return useMutation({ mutationFn: registerSimple });
}
