import type { Detail } from '@prumo/contract/common';
import type { SimpleRegistration } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/registration/simple/: no CPF, always a client. */
export function registerSimple(body: SimpleRegistration): Promise<Detail> {
  return requestApi<Detail>('rest-auth/registration/simple/', { method: 'POST', body, authenticated: false });
}

export function useRegisterSimple() {
  return useMutation({ mutationFn: registerSimple });
}
