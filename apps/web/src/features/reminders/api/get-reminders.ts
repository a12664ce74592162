import type { ReminderWithOccurrences } from '@prumo/contract/reminders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

/** Every reminders query starts with this key: a change refreshes the list. */
export const remindersQueryKey = ['reminders'] as const;

/** GET bill-reminder/: the client's reminders and proposals, each with its due dates and the next unpaid one. */
export function getReminders(signal?: AbortSignal): Promise<ReminderWithOccurrences[]> {
  return requestApi<ReminderWithOccurrences[]>('bill-reminder/', { signal });
}

export function remindersQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...remindersQueryKey, clientId],
    queryFn: ({ signal }) => getReminders(signal),
  });
}

export function useReminders() {
  const clientId = useRouteClientId();
  return useQuery(remindersQueryOptions(clientId));
}
