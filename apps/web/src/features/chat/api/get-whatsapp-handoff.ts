import type { WhatsAppHandoff } from '@prumo/contract/chats';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET chat/whatsapp/: the planner's WhatsApp link; 404 'Nenhum planejador' without a planner or phone. */
export function getWhatsAppHandoff(signal?: AbortSignal): Promise<WhatsAppHandoff> {
  return requestApi<WhatsAppHandoff>('chat/whatsapp/', { signal, silent: true });
}

export function whatsAppHandoffQueryOptions(opened: boolean) {
  return queryOptions({
    queryKey: ['chat-whatsapp'],
    queryFn: ({ signal }) => getWhatsAppHandoff(signal),
    enabled: opened,
    retry: false,
  });
}

export function useWhatsAppHandoff(opened: boolean) {
  return useQuery(whatsAppHandoffQueryOptions(opened));
}
