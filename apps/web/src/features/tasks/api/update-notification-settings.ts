import type { NotificationSettings } from '@prumo/contract/notification-settings';
import type { NotificationSettingsChange } from '@prumo/domain/tasks/notification-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** PATCH notification_settings/: channels and/or notificationTrigger. */
export function updateNotificationSettings(change: NotificationSettingsChange): Promise<NotificationSettings> {
  return requestApi<NotificationSettings>('notification_settings/', { method: 'PATCH', body: change });
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
