import { useMutation } from '@tanstack/react-query';
import { requestApi } from './api-client';

/** GET resend-activate/: always 200, so it tells nobody whether the account exists. */
export function resendActivation(parameters: { email: string; organization: string }): Promise<unknown> {
  return requestApi('resend-activate/', { query: parameters, authenticated: false });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
