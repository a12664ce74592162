import type { CashFlowSummary } from '@prumo/contract/cash-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { buildCashFlowQuery, type CashFlowFilter, cashFlowQueryKey } from './get-cash-flow';

/** GET cash-flow/summary/: totals and the sums by category and description, for the same filter. */
export function getCashFlowSummary(filter: CashFlowFilter, signal?: AbortSignal): Promise<CashFlowSummary> {
  return requestApi<CashFlowSummary>('cash-flow/summary/', { query: buildCashFlowQuery(filter), signal });
}

export function cashFlowSummaryQueryOptions(clientId: string | null, filter: CashFlowFilter) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'summary', clientId, filter],
    queryFn: ({ signal }) => getCashFlowSummary(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCashFlowSummary(filter: CashFlowFilter) {
  const clientId = useRouteClientId();
  return useQuery(cashFlowSummaryQueryOptions(clientId, filter));
}
