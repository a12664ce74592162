import type { WidgetBanks, WidgetToken } from '@prumo/contract/open-banking';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET integration/belvo/banks/: the banks the organization's widget connects (none with the simulated institution). */
export function getWidgetBanks(signal?: AbortSignal): Promise<WidgetBanks> {
  return requestApi<WidgetBanks>('integration/belvo/banks/', { signal });
}

export function widgetBanksQueryOptions() {
  return queryOptions({
    queryKey: ['open-banking', 'widget-banks'],
    queryFn: ({ signal }) => getWidgetBanks(signal),
    // The aggregator's institutions change rarely.
    staleTime: 10 * 60_000,
    retry: false,
  });
}

export function useWidgetBanks() {
  return useQuery(widgetBanksQueryOptions());
}

/** GET integration/belvo/access_token/?bankCode=: the widget opened for that bank, with where to go. */
export function openBankWidget(bankCode: string): Promise<WidgetToken> {
  return requestApi<WidgetToken>('integration/belvo/access_token/', { query: { bankCode } });
}

export function useOpenBankWidget() {
  return useMutation({
    mutationFn: openBankWidget,
    // To the aggregator's widget; it comes back through callback-opb with the link it made.
    onSuccess: (widget) => window.location.assign(widget.widget_url),
  });
}
