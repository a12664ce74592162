import type { Notification } from '@prumo/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';
import type { NotificationSource } from './get-notifications';

/**
 * Own notifications: PATCH notification/{id}/ with {read} (read or unread again). A planner's about
 * their clients: PATCH notifications/{id}/mark/, only ever read.
 */
export function markNotification({
  source,
  id,
  read,
}: {
  source: NotificationSource;
  id: number;
  read: boolean;
}): Promise<Notification> {
  return source === 'own'
    ? requestApi<Notification>(`notification/${id}/`, { method: 'PATCH', body: { read } })
    : requestApi<Notification>(`notifications/${id}/mark/`, { method: 'PATCH', body: { read: true } });
}

export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryKeys.notifications }),
  });
}
