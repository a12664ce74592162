import type { Detail } from '@prumo/contract/common';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST rest-auth/access-link/: always 200 with a neutral `detail`; the one-time link goes only to existing accounts. */
export function requestAccessLink(body: { email: string; organization: string }): Promise<Detail> {
  return requestApi<Detail>('rest-auth/access-link/', { method: 'POST', body, authenticated: false });
}

export function useRequestAccessLink() {
  return useMutation({ mutationFn: requestAccessLink });
}
