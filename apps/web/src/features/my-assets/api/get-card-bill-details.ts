import type { CardBillDetails } from '@prumo/contract/my-assets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { myAssetsQueryKey } from './my-assets-query-key';

/** GET my-assets/card-statment-details/{idStatment}/: one bill and its lines, projected instalments last. */
export function getCardBillDetails(billId: number, signal?: AbortSignal): Promise<CardBillDetails> {
  return requestApi<CardBillDetails>(`my-assets/card-statment-details/${billId}/`, { signal });
}

export function cardBillDetailsQueryOptions(clientId: string | null, billId: number) {
  return queryOptions({
    queryKey: [...myAssetsQueryKey, 'bill', clientId, billId],
    queryFn: ({ signal }) => getCardBillDetails(billId, signal),
  });
}

export function useCardBillDetails(billId: number) {
  const clientId = useRouteClientId();
  return useQuery(cardBillDetailsQueryOptions(clientId, billId));
}
