import type { MyPerformance } from '@prumo/contract/performance';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

export interface PerformancePeriod {
  /** "2026-01", or undefined for the API's default (the last 12 months up to the current one). */
  start?: string;
  end?: string;
}

/** GET my-performance/: the period month by month and whole, the budget kept, net worth and the return. */
export function getMyPerformance(period: PerformancePeriod, signal?: AbortSignal): Promise<MyPerformance> {
  return requestApi<MyPerformance>('my-performance/', { query: { ...period }, signal });
}

export function myPerformanceQueryOptions(clientId: string | null, period: PerformancePeriod) {
  return queryOptions({
    queryKey: ['my-performance', clientId, period.start, period.end],
    queryFn: ({ signal }) => getMyPerformance(period, signal),
    placeholderData: keepPreviousData,
    // Lines, budgets and investments change on other screens: read again whenever shown.
    staleTime: 0,
  });
}

export function useMyPerformance(period: PerformancePeriod) {
  const clientId = useRouteClientId();
  return useQuery(myPerformanceQueryOptions(clientId, period));
}
