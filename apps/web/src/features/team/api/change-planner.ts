import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { ClientRecord } from '../../../types/api';
import { clientsQueryKey } from './get-clients';

/** PUT profiles/clients/change-planner/?profile=manager with user ids. */
export function changePlanner(body: { client: number; planner: number }): Promise<ClientRecord> {
  return requestApi<ClientRecord>('profiles/clients/change-planner/', {
    method: 'PUT',
    query: { profile: 'manager' },
    body,
  });
}

export function useChangePlanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlanner,
    // A planner's client count changes too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['planners'] }),
      ]),
  });
}
