import type { ClientStatusAnswer } from '@prumo/contract/desks';
import type { ClientStatus } from '@prumo/domain/clients/client-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refetchAfterRowChange } from '../../../lib/query-client';
import { clientBookQueryKey } from './get-client-book';

/** PUT profiles/customer-manager?clientId=: the planner's standing with the client. */
export function changeClientStatus(input: { clientId: number; status: ClientStatus }): Promise<ClientStatusAnswer> {
  return requestApi<ClientStatusAnswer>('profiles/customer-manager', {
    method: 'PUT',
    query: { clientId: String(input.clientId) },
    body: { status: input.status },
  });
}

export function useChangeClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeClientStatus,
    onSuccess: () => refetchAfterRowChange(queryClient, [clientBookQueryKey]),
  });
}
