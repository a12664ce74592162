import type { CreditCardDetails } from '@prumo/contract/my-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET my-assets/credit-card-details/{idCard}/: the card and its bills, newest first. */
export function getCreditCardDetails(cardId: number, signal?: AbortSignal): Promise<CreditCardDetails> {
  return requestApi<CreditCardDetails>(`my-assets/credit-card-details/${cardId}/`, { signal });
}

export function creditCardDetailsQueryOptions(clientId: string | null, cardId: number) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'card', clientId, cardId],
    queryFn: ({ signal }) => getCreditCardDetails(cardId, signal),
  });
}

export function useCreditCardDetails(cardId: number) {
  const clientId = useRouteClientId();
  return useQuery(creditCardDetailsQueryOptions(clientId, cardId));
}
