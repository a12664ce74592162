import type { ClientChatMessage } from '@prumo/contract/chats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { chatMessagesQueryKey } from './get-chat-messages';

/** POST chat/ (201): the client writes to their planner, or the planner answers (naming the client). */
export function sendChatMessage({ clientId, message }: { clientId: string | null; message: string }) {
  return requestApi<ClientChatMessage>('chat/', { method: 'POST', query: { clientId }, body: { message } });
}

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey }),
    onError: (error) => notifyMutationError(error),
  });
}
