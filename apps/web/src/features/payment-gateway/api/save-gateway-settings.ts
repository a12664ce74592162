import type { CardGatewayProvider, GatewaySettings } from '@prumo/contract/payment-gateway';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { gatewaySettingsQueryOptions } from './get-gateway-settings';

export interface GatewaySettingsChange {
  provider: CardGatewayProvider;
  public_key?: string;
  /** Left out (or blank) keeps the stored secret key. */
  secret_key?: string;
}

/** PUT payment/gateway-settings/: the sandbox's keys are Prumo's own; Pagar.me needs its public key and, the first time, its secret key. */
export function saveGatewaySettings(change: GatewaySettingsChange): Promise<GatewaySettings> {
  return requestApi<GatewaySettings>('payment/gateway-settings/', { method: 'PUT', body: change });
}

export function useSaveGatewaySettings(organization: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGatewaySettings,
    onSuccess: (saved) => queryClient.setQueryData(gatewaySettingsQueryOptions(organization).queryKey, saved),
  });
}
