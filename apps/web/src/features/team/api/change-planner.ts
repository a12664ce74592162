import type { PlannerChangeAnswer } from '@prumo/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { clientsQueryKey } from './get-clients';
import { plannersQueryKey } from './get-planners';

/** PUT profiles/clients/change-planner/?profile=manager: the clients all move to the planner, or none does. */
export function changePlanner(body: { clients: number[]; planner: number }): Promise<PlannerChangeAnswer> {
  return requestApi<PlannerChangeAnswer>('profiles/clients/change-planner/', {
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
