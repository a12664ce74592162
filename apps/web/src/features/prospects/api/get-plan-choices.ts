import type { Plan } from '@prumo/contract/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET payment/plans/: the organization's plans a prospect's invitation may offer. */
export function getPlanChoices(signal?: AbortSignal): Promise<Plan[]> {
  return requestApi<Plan[]>('payment/plans/', { signal, silent: true });
}

export function planChoicesQueryOptions() {
  return queryOptions({
    queryKey: [...sharedQueryKeys.plans, 'prospect-choices'],
    queryFn: ({ signal }) => getPlanChoices(signal),
  });
}

export function usePlanChoices() {
  return useQuery(planChoicesQueryOptions());
}
