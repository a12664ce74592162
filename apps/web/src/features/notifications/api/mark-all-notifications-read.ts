import type { NotificationsRead } from '@prumo/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** POST notification/read-all/: every one of the caller's own notifications read at once. */
export function markAllNotificationsRead(): Promise<NotificationsRead> {
  return requestApi<NotificationsRead>('notification/read-all/', { method: 'POST' });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.notifications }),
  });
}
