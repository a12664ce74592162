import type { OtherBalance } from '@prumo/contract/other-balances';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

export interface OtherBalanceBody {
  name: string;
  /** Cents, zero or more. */
  balance: number;
  /** "YYYY-MM-DD", not after today. */
  date: string;
}

/** POST balance/create/ (201) or PUT balance/edit/{id}/ (200), with the balance. */
export function saveOtherBalance({ id, body }: { id: number | null; body: OtherBalanceBody }): Promise<OtherBalance> {
  if (id === null) return requestApi<OtherBalance>('balance/create/', { method: 'POST', body });
  return requestApi<OtherBalance>(`balance/edit/${id}/`, { method: 'PUT', body });
}

export function useSaveOtherBalance() {
  return useMyAssetsMutation(saveOtherBalance);
}
