import type { Plan } from '@prumo/contract/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { plansQueryKey } from './plans-query-keys';

/** GET payment/plans/: a manager gets every plan of the organization, anyone else its active ones. */
export function getPlans(signal?: AbortSignal): Promise<Plan[]> {
  return requestApi<Plan[]>('payment/plans/', { signal });
}

export function plansQueryOptions() {
  return queryOptions({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans(signal) });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
