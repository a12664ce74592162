import type { Page } from '@prumo/contract/common';
import type { CustomEmail } from '@prumo/contract/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET custom_emails/: the signed-in manager's organization has one custom e-mail or none. */
export function getCustomEmails(signal?: AbortSignal): Promise<Page<CustomEmail>> {
  return requestApi<Page<CustomEmail>>('custom_emails/', { signal });
}

/** A page holding the given custom e-mail, or an empty one: what the list answers after a save or a removal. */
export function buildCustomEmailsPage(customEmail: CustomEmail | null): Page<CustomEmail> {
  return { count: customEmail ? 1 : 0, next: null, previous: null, results: customEmail ? [customEmail] : [] };
}

export function customEmailsQueryOptions(organization: string) {
  return queryOptions({
    // The API answers for the signed-in organization; the slug keeps two organizations' answers apart.
    queryKey: ['custom-emails', organization],
    queryFn: ({ signal }) => getCustomEmails(signal),
  });
}

export function useCustomEmails(organization: string) {
  return useQuery(customEmailsQueryOptions(organization));
}
