import type { CreditCardDetails } from '@prumo/contract/my-assets';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

export interface CreditCardChanges {
  closing_day: number;
  due_day: number;
  /** Cents; null takes the limit out. */
  limit: number | null;
}

/** PUT credit-card/edit/{id}/: new days put the lines of bills not yet closed on their bills again. */
export function editCreditCard({
  id,
  changes,
}: {
  id: number;
  changes: CreditCardChanges;
}): Promise<CreditCardDetails> {
  return requestApi<CreditCardDetails>(`credit-card/edit/${id}/`, { method: 'PUT', body: changes });
}

export function useEditCreditCard() {
  return useMyAssetsMutation(editCreditCard);
}
