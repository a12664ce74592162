import type { GatewaySettings } from '@prumo/contract/payment-gateway';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET payment/gateway-settings/: the organization's card gateway; the secret key only as `has_secret_key`. */
export function getGatewaySettings(signal?: AbortSignal): Promise<GatewaySettings> {
  return requestApi<GatewaySettings>('payment/gateway-settings/', { signal });
}

export function gatewaySettingsQueryOptions(organization: string) {
  return queryOptions({
    // The API answers for the signed-in organization; the slug keeps two organizations' answers apart.
    queryKey: ['payment-gateway-settings', organization],
    queryFn: ({ signal }) => getGatewaySettings(signal),
  });
}

export function useGatewaySettings(organization: string) {
  return useQuery(gatewaySettingsQueryOptions(organization));
}
