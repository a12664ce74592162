import type { DailyCashFlow } from '@prumo/contract/cash-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { buildCashFlowQuery, type CashFlowFilter, cashFlowQueryKey } from './get-cash-flow';

/**
 * GET chart-data/cash-flow/: income and expense per day of the filtered lines (ignored lines and
 * accounts, and asset transfers, left out).
 */
export function getDailyCashFlowChart(filter: CashFlowFilter, signal?: AbortSignal): Promise<DailyCashFlow[]> {
  return requestApi<DailyCashFlow[]>('chart-data/cash-flow/', { query: buildCashFlowQuery(filter), signal });
}

export function dailyCashFlowChartQueryOptions(clientId: string | null, filter: CashFlowFilter) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'chart', 'cash-flow', clientId, filter],
    queryFn: ({ signal }) => getDailyCashFlowChart(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDailyCashFlowChart(filter: CashFlowFilter) {
  const clientId = useRouteClientId();
  return useQuery(dailyCashFlowChartQueryOptions(clientId, filter));
}
