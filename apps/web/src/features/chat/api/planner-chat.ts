import type { PlannerChatMessage, PlannerChatPage } from '@prumo/contract/chats';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { sharedQueryKeys } from '../../../lib/shared-query-keys';

export const plannerChatQueryKey = sharedQueryKeys.plannerChat;

/** GET planner-chat/?page=0: the newest exchanges of the planner with the assistant. */
export function getPlannerChat(signal?: AbortSignal): Promise<PlannerChatPage> {
  return requestApi<PlannerChatPage>('planner-chat/', { query: { page: 0 }, signal });
}

export function plannerChatQueryOptions(opened: boolean) {
  return queryOptions({
    queryKey: plannerChatQueryKey,
    queryFn: ({ signal }) => getPlannerChat(signal),
    enabled: opened,
  });
}

export function usePlannerChat(opened: boolean) {
  return useQuery(plannerChatQueryOptions(opened));
}

/** POST planner-chat/ (201): the question and the assistant's answer. */
export function askPlannerChat(message: string): Promise<PlannerChatMessage> {
  return requestApi<PlannerChatMessage>('planner-chat/', { method: 'POST', body: { message } });
}

export function useAskPlannerChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askPlannerChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plannerChatQueryKey }),
    onError: (error) => notifyMutationError(error),
  });
}
