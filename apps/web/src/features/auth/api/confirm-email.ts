import type { EmailConfirmed } from '@prumo/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST profiles/email/confirm/ with the link's key; `plan` is the sign-up link's plan, if any. */
export function confirmEmail(key: string, signal?: AbortSignal): Promise<EmailConfirmed> {
  return requestApi<EmailConfirmed>('profiles/email/confirm/', {
    method: 'POST',
    body: { key },
    authenticated: false,
    signal,
  });
}

/**
 * A query rather than a mutation: it runs once when the page opens, and the cache makes sure a
 * second render (React strict mode, a remount) does not spend a one-time key twice.
 */
export function emailConfirmationQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['email-confirmation', key],
    queryFn: () => confirmEmail(key),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useEmailConfirmation(key: string) {
  return useQuery(emailConfirmationQueryOptions(key));
}
