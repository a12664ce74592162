import type { Detail } from '@prumo/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { clientsQueryKey } from './get-clients';
import { plannersQueryKey } from './get-planners';

/** PUT profiles/clients/change-planner/?profile=manager with user ids. */
export function changePlanner(body: { client: number; planner: number }): Promise<Detail> {
  return requestApi<Detail>('profiles/clients/change-planner/', {
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
        queryClient.invalidateQueries({ queryKey: plannersQueryKey }),
      ]),
  });
}
