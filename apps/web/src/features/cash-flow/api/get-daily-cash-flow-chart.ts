import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import type { DailyCashFlow } from '../../../types/cash-flow-api';
import { cashFlowQueryKey } from './get-cash-flow';

/**
 * GET chart-data/cash-flow/: income and expense per day of the period. The call reads only the
 * period (every account and category, ignored lines and asset transfers left out), so only the
 * period goes into the query and the cache key.
 */
export function getDailyCashFlowChart(start: string, end: string, signal?: AbortSignal): Promise<DailyCashFlow[]> {
  return requestApi<DailyCashFlow[]>('chart-data/cash-flow/', { query: { start, end }, signal });
}

export function dailyCashFlowChartQueryOptions(clientId: string | null, start: string, end: string) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'chart', 'cash-flow', clientId, start, end],
    queryFn: ({ signal }) => getDailyCashFlowChart(start, end, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDailyCashFlowChart(start: string, end: string) {
  const clientId = useRouteClientId();
  return useQuery(dailyCashFlowChartQueryOptions(clientId, start, end));
}
