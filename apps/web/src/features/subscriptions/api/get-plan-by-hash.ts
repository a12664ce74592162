import type { Plan } from '@prumo/contract/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET payment/plans/find?hashedId=: the plan a payment link names. */
export function getPlanByHash(hashedId: string, signal?: AbortSignal): Promise<Plan> {
  return requestApi<Plan>('payment/plans/find', { query: { hashedId }, signal });
}

export function planByHashQueryOptions(hashedId: string) {
  return queryOptions({
    queryKey: ['payment-plan-by-hash', hashedId],
    queryFn: ({ signal }) => getPlanByHash(hashedId, signal),
  });
}

export function usePlanByHash(hashedId: string) {
  return useQuery(planByHashQueryOptions(hashedId));
}
