import type { Plan } from '@prumo/contract/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** GET payment/plans/: the organization's plans (a manager sees every one), to filter clients by. */
export function getPlanOptions(signal?: AbortSignal): Promise<Plan[]> {
  return requestApi<Plan[]>('payment/plans/', { signal });
}

export function planOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...sharedQueryKeys.plans, 'options'],
    queryFn: ({ signal }) => getPlanOptions(signal),
  });
}

export function usePlanOptions() {
  return useQuery(planOptionsQueryOptions());
}
