import type { GatewaySettings } from '@prumo/contract/payment-gateway';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { gatewaySettingsQueryOptions } from './get-gateway-settings';

/** POST payment/gateway-settings/recipient/: the default bank account and the partners sent to the gateway. */
export function sendGatewayRecipient(): Promise<GatewaySettings> {
  return requestApi<GatewaySettings>('payment/gateway-settings/recipient/', { method: 'POST' });
}

export function useSendGatewayRecipient(organization: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendGatewayRecipient,
    onSuccess: (saved) => queryClient.setQueryData(gatewaySettingsQueryOptions(organization).queryKey, saved),
  });
}
