import type { BankAccount } from '@prumo/contract/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { bankAccountsQueryKey } from './plans-query-keys';

/** GET payment/bank-accounts/: the organization's accounts, the default first. */
export function getBankAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  return requestApi<BankAccount[]>('payment/bank-accounts/', { signal });
}

export function bankAccountsQueryOptions() {
  return queryOptions({ queryKey: bankAccountsQueryKey, queryFn: ({ signal }) => getBankAccounts(signal) });
}

export function useBankAccounts() {
  return useQuery(bankAccountsQueryOptions());
}
