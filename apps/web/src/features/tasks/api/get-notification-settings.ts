import type { NotificationSettings } from '@prumo/contract/notification-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const notificationSettingsQueryKey = ['notification-settings'] as const;

/** GET notification_settings/: the signed-in user's own (the defaults until changed). */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return requestApi<NotificationSettings>('notification_settings/', { signal });
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
