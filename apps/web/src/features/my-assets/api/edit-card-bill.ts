import type { CardBillDetails } from '@prumo/contract/my-assets';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

export interface CardBillChanges {
  /** "YYYY-MM-DD". */
  closing_date: string;
  due_date: string;
  /** What the bank asks, in cents; null goes back to the lines' sum. */
  amount: number | null;
}

/** PUT bill/edit/{id}/: 200 with the bill and its lines. */
export function editCardBill({ id, changes }: { id: number; changes: CardBillChanges }): Promise<CardBillDetails> {
  return requestApi<CardBillDetails>(`bill/edit/${id}/`, { method: 'PUT', body: changes });
}

export function useEditCardBill() {
  return useMyAssetsMutation(editCardBill);
}
