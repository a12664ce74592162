import type { ClientChatPage } from '@prumo/contract/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

/**
 * Every client-chat query starts with this key: a message sent refreshes the conversation, and so
 * does the live stream when the other side writes.
 */
export const chatMessagesQueryKey = sharedQueryKeys.chat;

/** GET chat/?page=0: the newest messages of the client's conversation (a planner names the client). */
export function getChatMessages(clientId: string | null, signal?: AbortSignal): Promise<ClientChatPage> {
  return requestApi<ClientChatPage>('chat/', { query: { page: 0, clientId }, signal });
}

export function chatMessagesQueryOptions(clientId: string | null, opened: boolean) {
  return queryOptions({
    queryKey: [...chatMessagesQueryKey, clientId],
    queryFn: ({ signal }) => getChatMessages(clientId, signal),
    enabled: opened,
  });
}

/** The conversation, read while it is open. */
export function useChatMessages(clientId: string | null, opened: boolean) {
  return useQuery(chatMessagesQueryOptions(clientId, opened));
}
