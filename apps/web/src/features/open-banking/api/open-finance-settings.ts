import type { OpenFinanceSettings } from '@prumo/contract/open-banking';
import type { OpenFinanceSettingsInput } from '@prumo/domain/open-banking/consent';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET open-banking/settings/: who answers each integration for the organization; never a secret. */
export function getOpenFinanceSettings(signal?: AbortSignal): Promise<{ results: OpenFinanceSettings[] }> {
  return requestApi<{ results: OpenFinanceSettings[] }>('open-banking/settings/', { signal });
}

export function openFinanceSettingsQueryOptions(organization: string) {
  return queryOptions({
    // The API answers for the signed-in organization; the slug keeps two organizations' answers apart.
    queryKey: ['open-finance-settings', organization],
    queryFn: ({ signal }) => getOpenFinanceSettings(signal),
  });
}

export function useOpenFinanceSettings(organization: string) {
  return useQuery(openFinanceSettingsQueryOptions(organization));
}

/** PUT open-banking/settings/{integration}/: the keys are tried with the provider before they are kept. */
export function saveOpenFinanceSettings(integration: string, change: OpenFinanceSettingsInput) {
  return requestApi<OpenFinanceSettings>(`open-banking/settings/${encodeURIComponent(integration)}/`, {
    method: 'PUT',
    body: change,
  });
}

export function useSaveOpenFinanceSettings(organization: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ integration, change }: { integration: string; change: OpenFinanceSettingsInput }) =>
      saveOpenFinanceSettings(integration, change),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: openFinanceSettingsQueryOptions(organization).queryKey }),
  });
}

/** POST open-banking/settings/{integration}/webhook-authorization/: a new header; the old one is refused from then on. */
export function replaceWebhookAuthorization(integration: string) {
  return requestApi<OpenFinanceSettings>(
    `open-banking/settings/${encodeURIComponent(integration)}/webhook-authorization/`,
    { method: 'POST' },
  );
}

export function useReplaceWebhookAuthorization(organization: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (integration: string) => replaceWebhookAuthorization(integration),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: openFinanceSettingsQueryOptions(organization).queryKey }),
  });
}
