import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { NotificationSettingsAnswer } from '../../../types/tasks-api';

export const notificationSettingsQueryKey = ['notification-settings'] as const;

/** GET notification_settings/: the signed-in user's own (the defaults until changed). */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettingsAnswer> {
  return requestApi<NotificationSettingsAnswer>('notification_settings/', { signal });
}

export function notificationSettingsQueryOptions() {
  return queryOptions({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    staleTime: 5 * 60_000,
  });
}

export function useNotificationSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...notificationSettingsQueryOptions(), enabled: options.enabled ?? true });
}
