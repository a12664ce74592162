import type { NotificationPage } from '@prumo/contract/notifications';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/**
 * Whose notifications: `own` (notification/, everyone's) or `clients` (notifications/, what a
 * planner hears about their clients, with the `insight` feature).
 */
export type NotificationSource = 'own' | 'clients';

export const notificationPaths: Record<NotificationSource, string> = {
  own: 'notification/',
  clients: 'notifications/',
};

/** The bell shows the latest few; the count beside them covers every unread one. */
export const bellSize = 8;

/** A page of notifications, newest first, with how many are unread. */
export function getNotifications(
  source: NotificationSource,
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<NotificationPage> {
  return requestApi<NotificationPage>(notificationPaths[source], { query: page, signal });
}

export function notificationsQueryOptions(source: NotificationSource, page = { limit: bellSize, offset: 0 }) {
  return queryOptions({
    queryKey: [...sharedQueryKeys.notifications, source, page.limit, page.offset],
    queryFn: ({ signal }) => getNotifications(source, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(source: NotificationSource, page?: { limit: number; offset: number }) {
  return useQuery(notificationsQueryOptions(source, page));
}
