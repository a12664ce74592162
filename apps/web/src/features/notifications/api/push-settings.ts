import type { PushSettings } from '@prumo/contract/help';
import type { PushSettingsInput } from '@prumo/domain/help/help';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET push/settings/: the organization's own Firebase project, if any; never its private key. */
export function getPushSettings(signal?: AbortSignal): Promise<PushSettings> {
  return requestApi<PushSettings>('push/settings/', { signal });
}

export function pushSettingsQueryOptions(organization: string) {
  return queryOptions({
    // The API answers for the signed-in organization; the slug keeps two organizations' answers apart.
    queryKey: ['push-settings', organization],
    queryFn: ({ signal }) => getPushSettings(signal),
  });
}

export function usePushSettings(organization: string) {
  return useQuery(pushSettingsQueryOptions(organization));
}

/** PUT push/settings/: the service account is checked (its key must read) before it is kept. */
export function savePushSettings(change: PushSettingsInput) {
  return requestApi<PushSettings>('push/settings/', { method: 'PUT', body: change });
}

export function useSavePushSettings(organization: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pushSettingsQueryOptions(organization).queryKey }),
  });
}
