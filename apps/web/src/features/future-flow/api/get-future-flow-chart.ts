import type { FutureFlowChart } from '@prumo/contract/future-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { futureFlowQueryKey, type MonthRangeQuery } from './get-future-flow';

/** GET future-flow/chart: the 'Saldo planejado' and 'Saldo projetado' series of the range. */
export function getFutureFlowChart(range: MonthRangeQuery, signal?: AbortSignal): Promise<FutureFlowChart> {
  return requestApi<FutureFlowChart>('future-flow/chart', { query: { ...range }, signal });
}

export function futureFlowChartQueryOptions(clientId: string | null, range: MonthRangeQuery) {
  return queryOptions({
    queryKey: [...futureFlowQueryKey, 'chart', clientId, range.startDate, range.endDate],
    queryFn: ({ signal }) => getFutureFlowChart(range, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useFutureFlowChart(range: MonthRangeQuery) {
  const clientId = useRouteClientId();
  return useQuery(futureFlowChartQueryOptions(clientId, range));
}
