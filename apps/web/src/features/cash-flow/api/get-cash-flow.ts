import type { CashFlowPage } from '@prumo/contract/cash-flow';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type QueryValue, requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

export const filterFailedMessage = 'Não foi possível filtrar transação';

/** Lists come 25 a page. */
export const cashFlowPageSize = 25;

/** The cash-flow filter as the screens hold it; start and end are required. */
export interface CashFlowFilter {
  start: string;
  end: string;
  origins: number[];
  categories: number[];
  descriptions: number[];
  flow: 'all' | 'income' | 'expense';
  uncategorized: boolean;
  search: string;
  showIgnored: boolean;
}

/** The query of cash-flow/ and cash-flow/summary/. Booleans go as text: the query builder drops booleans. */
export function buildCashFlowQuery(filter: CashFlowFilter): Record<string, QueryValue> {
  return {
    start: filter.start,
    end: filter.end,
    origins: filter.origins,
    category: filter.categories,
    description: filter.descriptions,
    isExpense: filter.flow === 'all' ? undefined : String(filter.flow === 'expense'),
    uncategorized: filter.uncategorized ? 'true' : undefined,
    search: filter.search.trim(),
    showIgnored: filter.showIgnored ? 'true' : undefined,
  };
}

/** Every cash-flow query starts with this key, so a change to any line refreshes them all. */
export const cashFlowQueryKey = ['cash-flow'] as const;

/** GET cash-flow/: one page of lines, newest cash date first. */
export function getCashFlow(filter: CashFlowFilter, offset: number, signal?: AbortSignal): Promise<CashFlowPage> {
  return requestApi<CashFlowPage>('cash-flow/', {
    query: { ...buildCashFlowQuery(filter), limit: cashFlowPageSize, offset },
    signal,
  });
}

/** `clientId` is the address's client (the API client sends it for planners); it keeps clients apart in the cache. */
export function cashFlowQueryOptions(clientId: string | null, filter: CashFlowFilter, offset: number) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'list', clientId, filter, offset],
    queryFn: ({ signal }) => getCashFlow(filter, offset, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCashFlow(filter: CashFlowFilter, offset: number) {
  const clientId = useRouteClientId();
  return useQuery(cashFlowQueryOptions(clientId, filter, offset));
}
