import type { Connection } from '@prumo/contract/open-banking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { connectionsQueryKey } from './get-connections';

/**
 * What the bank sent back on the callback address: after a consent Prumo asked for, the `state` it
 * sent with the `code` or the bank's `error`; after an aggregator's widget, the `link` it made.
 */
export type BankReturn = { state: string; code?: string; error?: string } | { link: string; institution: string };

/**
 * Hands the bank's return over once; the first sync follows. POST open-banking/v2/users/approve/
 * for a consent, POST integration/belvo/links/ for a widget's link.
 */
export function approveConnection(bankReturn: BankReturn): Promise<Connection> {
  if ('link' in bankReturn) {
    return requestApi<Connection>('integration/belvo/links/', { method: 'POST', body: bankReturn });
  }
  return requestApi<Connection>('open-banking/v2/users/approve/', { method: 'POST', body: bankReturn });
}

export function useApproveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
