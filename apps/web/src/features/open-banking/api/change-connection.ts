import type { Connection } from '@prumo/contract/open-banking';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { connectionsQueryKey } from './get-connections';

/** POST links-connect/{id}/sync/: a sync now (it runs as a job; the list follows it). */
export function syncConnection(id: number): Promise<Connection> {
  return requestApi<Connection>(`open-banking/v2/links-connect/${id}/sync/`, { method: 'POST' });
}

/** POST links-connect/{id}/revoke/: ends the consent here and at the bank; what came stays. */
export function revokeConnection(id: number): Promise<Connection> {
  return requestApi<Connection>(`open-banking/v2/links-connect/${id}/revoke/`, { method: 'POST' });
}

export function useSyncConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}

export function useRevokeConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionsQueryKey }),
  });
}
