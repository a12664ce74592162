import type { Detail } from '@prumo/contract/common';
import type { EmailChange } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/**
 * POST change-password-email/: the current password proves it is the owner; a link goes to the new
 * address and the e-mail changes only when it is followed (every session then ends).
 */
export function changeEmail(body: EmailChange): Promise<Detail> {
  return requestApi<Detail>('change-password-email/', { method: 'POST', body });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
