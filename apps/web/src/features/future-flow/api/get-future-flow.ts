import type { FutureFlowMonths } from '@prumo/contract/future-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/** Every future-flow query starts with this key, so a new month plan refreshes the table and the chart. */
export const futureFlowQueryKey = sharedQueryKeys.futureFlow;

export interface MonthRangeQuery {
  /** "2026-09", or undefined for the API's default window. */
  startDate?: string;
  endDate?: string;
}

/** The range, and whether the ideal budget's totals come along (`ideal`). */
export interface FutureFlowQuery extends MonthRangeQuery {
  withIdeal?: boolean;
}

/** GET future-flow/: actual and planned money of each month of the range, with its budget and task. */
export function getFutureFlow(range: FutureFlowQuery, signal?: AbortSignal): Promise<FutureFlowMonths> {
  const { withIdeal, ...months } = range;
  return requestApi<FutureFlowMonths>('future-flow/', {
    query: { ...months, ...(withIdeal ? { ideal: 'true' } : {}) },
    signal,
  });
}

export function futureFlowQueryOptions(clientId: string | null, range: FutureFlowQuery) {
  return queryOptions({
    queryKey: [...futureFlowQueryKey, 'months', clientId, range.startDate, range.endDate, Boolean(range.withIdeal)],
    queryFn: ({ signal }) => getFutureFlow(range, signal),
    placeholderData: keepPreviousData,
    // Budgets change on other screens (items added to a month): read again whenever shown.
    staleTime: 0,
  });
}

export function useFutureFlow(range: FutureFlowQuery) {
  const clientId = useRouteClientId();
  return useQuery(futureFlowQueryOptions(clientId, range));
}
