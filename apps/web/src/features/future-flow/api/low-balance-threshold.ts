import type { InsightSettings } from '@prumo/contract/insights';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';

const lowBalanceQueryKey = ['insight-settings'] as const;

/** GET ia/insights/settings/: the balance below which a projected month is told (0: below zero). */
export function getLowBalanceThreshold(signal?: AbortSignal): Promise<InsightSettings> {
  return requestApi<InsightSettings>('ia/insights/settings/', { signal });
}

export function lowBalanceThresholdQueryOptions(clientId: string | null) {
  return queryOptions({
    queryKey: [...lowBalanceQueryKey, clientId],
    queryFn: ({ signal }) => getLowBalanceThreshold(signal),
  });
}

export function useLowBalanceThreshold() {
  return useQuery(lowBalanceThresholdQueryOptions(useRouteClientId()));
}

/** PUT ia/insights/settings/. */
export function saveLowBalanceThreshold(cents: number): Promise<InsightSettings> {
  return requestApi<InsightSettings>('ia/insights/settings/', {
    method: 'PUT',
    body: { low_balance_threshold: cents },
  });
}

export function useSaveLowBalanceThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLowBalanceThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lowBalanceQueryKey }),
  });
}
