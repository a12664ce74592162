import type { BankAccount } from '@prumo/contract/plans';
import type { BankAccountInput } from '@prumo/domain/payments/bank-account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { bankAccountsQueryKey } from './plans-query-keys';

/** POST payment/bank-accounts/ (201) or PUT payment/bank-accounts/{id}/ (200), always with every field. */
export function saveBankAccount({ id, body }: { id: number | null; body: BankAccountInput }): Promise<BankAccount> {
  if (id === null) return requestApi<BankAccount>('payment/bank-accounts/', { method: 'POST', body });
  return requestApi<BankAccount>(`payment/bank-accounts/${id}/`, { method: 'PUT', body });
}

export function useSaveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankAccount,
    // A new default takes the mark from the former one: the whole list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAccountsQueryKey }),
  });
}
