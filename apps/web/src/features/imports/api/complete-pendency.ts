import type { Detail } from '@prumo/contract/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { refetchAfterRowChange } from '../../../lib/query-client';
import { filesQueryKey } from './get-files';
import { pendenciesQueryKey } from './get-pendencies';

/** An account's current balance (cents), or a card's closing and due days (1–31). */
export type PendencyCompletion = { balance: number } | { closeDay: number; dueDate: number };

/**
 * PATCH pendency/complete-file/{fileId}/ for one of the file's accounts (`originId`, required by the
 * API when the file brought several): 200 `{detail: "Pendência resolvida"}`.
 */
export function completePendency(input: {
  fileId: number;
  originId: number;
  completion: PendencyCompletion;
}): Promise<Detail> {
  return requestApi<Detail>(`pendency/complete-file/${input.fileId}/`, {
    method: 'PATCH',
    body: { ...input.completion, originId: input.originId },
  });
}

export function useCompletePendency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePendency,
    // The file's read status leaves "com pendências" once all its accounts are complete.
    onSuccess: () => refetchAfterRowChange(queryClient, [pendenciesQueryKey, filesQueryKey]),
  });
}
