import type { Insight } from '@prumo/contract/insights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const insightsQueryKey = ['insights'] as const;

export interface InsightsQuery {
  /** Only those nobody has read yet. */
  unread?: boolean;
}

/** GET ia/insights/: the client's own insights, or every client's a planner advises; newest first. */
export function getInsights(query: InsightsQuery, signal?: AbortSignal): Promise<Insight[]> {
  return requestApi<Insight[]>('ia/insights/', { query: { unread: query.unread ? 'true' : undefined }, signal });
}

export function insightsQueryOptions(query: InsightsQuery, options: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: [...insightsQueryKey, query.unread ?? false],
    queryFn: ({ signal }) => getInsights(query, signal),
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}

export function useInsights(query: InsightsQuery, options: { enabled?: boolean } = {}) {
  return useQuery(insightsQueryOptions(query, options));
}
