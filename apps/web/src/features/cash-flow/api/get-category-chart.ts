import type { ChartItem } from '@prumo/contract/cash-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { buildCashFlowQuery, type CashFlowFilter, cashFlowQueryKey } from './get-cash-flow';

/**
 * GET chart-data/category/: the period's expenses by category (incomes when the filter shows
 * only incomes, isExpense=false), largest first; asset transfers left out.
 */
export function getCategoryChart(filter: CashFlowFilter, signal?: AbortSignal): Promise<ChartItem[]> {
  return requestApi<ChartItem[]>('chart-data/category/', { query: buildCashFlowQuery(filter), signal });
}

export function categoryChartQueryOptions(clientId: string | null, filter: CashFlowFilter) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'chart', 'category', clientId, filter],
    queryFn: ({ signal }) => getCategoryChart(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategoryChart(filter: CashFlowFilter) {
  const clientId = useRouteClientId();
  return useQuery(categoryChartQueryOptions(clientId, filter));
}
