import type { Detail } from '@prumo/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { plannersQueryKey } from './get-planners';

/** POST profiles/planner/{id}/deactivate/ (an empty book only) or reactivate/. */
export function changePlannerStanding(input: { plannerId: number; active: boolean }): Promise<Detail> {
  const action = input.active ? 'reactivate' : 'deactivate';
  return requestApi<Detail>(`profiles/planner/${input.plannerId}/${action}/`, { method: 'POST' });
}

export function useChangePlannerStanding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlannerStanding,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannersQueryKey }),
  });
}
