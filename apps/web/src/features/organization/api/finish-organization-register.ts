import type { FinishOrganizationRegister } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { DetailAnswer } from '../../../types/api';

/** POST organization/{slug}/finish-register/: creates the first manager. */
export function finishOrganizationRegister(input: {
  slug: string;
  body: FinishOrganizationRegister;
}): Promise<DetailAnswer> {
  return requestApi<DetailAnswer>(`organization/${encodeURIComponent(input.slug)}/finish-register/`, {
    method: 'POST',
    body: input.body,
    authenticated: false,
  });
}

export function useFinishOrganizationRegister() {
  return useMutation({ mutationFn: finishOrganizationRegister });
}
