import type { Detail } from '@prumo/contract/common';
import type { FinishOrganizationRegister } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST organization/{slug}/finish-register/: creates the first manager. */
export function finishOrganizationRegister(input: { slug: string; body: FinishOrganizationRegister }): Promise<Detail> {
  return requestApi<Detail>(`organization/${encodeURIComponent(input.slug)}/finish-register/`, {
    method: 'POST',
    body: input.body,
    authenticated: false,
  });
}

export function useFinishOrganizationRegister() {
  return useMutation({ mutationFn: finishOrganizationRegister });
}
