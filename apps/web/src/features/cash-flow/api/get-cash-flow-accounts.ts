import type { CashFlowPage } from '@prumo/contract/cash-flow';
import type { OriginKind } from '@prumo/contract/origins';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { cashFlowQueryKey } from './get-cash-flow';

export interface CashFlowAccount {
  id: number;
  name: string;
  kind: OriginKind;
}

// The API's largest page: enough lines of one period to meet every account used in it.
const accountsSampleSize = 500;

/**
 * The accounts (origins) that have lines in the period, for the account filter. The API has no
 * list of accounts yet, so they are read from the period's lines (ignored ones included).
 */
export async function getCashFlowAccounts(
  start: string,
  end: string,
  signal?: AbortSignal,
): Promise<CashFlowAccount[]> {
  const page = await requestApi<CashFlowPage>('cash-flow/', {
    query: { start, end, limit: accountsSampleSize, offset: 0, showIgnored: 'true' },
    signal,
  });
  const accounts = new Map<number, CashFlowAccount>();
  for (const line of page.results) {
    if (!accounts.has(line.origins)) {
      accounts.set(line.origins, { id: line.origins, name: line.origin_name, kind: line.origin_kind });
    }
  }
  return [...accounts.values()].sort((first, second) => first.name.localeCompare(second.name, 'pt-BR'));
}

export function cashFlowAccountsQueryOptions(clientId: string | null, start: string, end: string) {
  return queryOptions({
    queryKey: [...cashFlowQueryKey, 'accounts', clientId, start, end],
    queryFn: ({ signal }) => getCashFlowAccounts(start, end, signal),
  });
}

export function useCashFlowAccounts(start: string, end: string) {
  const clientId = useRouteClientId();
  return useQuery(cashFlowAccountsQueryOptions(clientId, start, end));
}
