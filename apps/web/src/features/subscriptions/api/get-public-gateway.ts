import type { PublicGateway } from '@prumo/contract/payment-gateway';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET payment/org/{org}/gateway/: where the browser tokenizes a card, with the organization's public key. */
export function getPublicGateway(organization: string, signal?: AbortSignal): Promise<PublicGateway> {
  return requestApi<PublicGateway>(`payment/org/${encodeURIComponent(organization)}/gateway/`, {
    signal,
    authenticated: false,
  });
}

export function publicGatewayQueryOptions(organization: string) {
  return queryOptions({
    queryKey: ['payment-public-gateway', organization],
    queryFn: ({ signal }) => getPublicGateway(organization, signal),
  });
}

export function usePublicGateway(organization: string) {
  return useQuery(publicGatewayQueryOptions(organization));
}
