import type { Connection } from '@prumo/contract/open-banking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { connectionsQueryKey } from './get-connections';

/** What the bank sent back on the callback address. */
export interface BankReturn {
  state: string;
  code?: string;
  error?: string;
}

/** POST open-banking/v2/users/approve/: hands the bank's return over once; the first sync follows. */
export function approveConnection(bankReturn: BankReturn): Promise<Connection> {
  return requestApi<Connection>('open-banking/v2/users/approve/', { method: 'POST', body: bankReturn });
}

export function useApproveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
