import type { Insight } from '@prumo/contract/insights';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { insightsQueryKey } from './get-insights';

/** PATCH ia/insights/{id}/mark_read/: the insight was seen (by the client or their planner). */
export function markInsightRead(id: number): Promise<Insight> {
  return requestApi<Insight>(`ia/insights/${id}/mark_read/`, { method: 'PATCH' });
}

export function useMarkInsightRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInsightRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsQueryKey }),
  });
}
