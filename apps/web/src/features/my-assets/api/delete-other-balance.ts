import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

/** DELETE balance/edit/{id}/: 204 (a car sold, cash spent). */
export function deleteOtherBalance(id: number): Promise<void> {
  return requestApi<void>(`balance/edit/${id}/`, { method: 'DELETE' });
}

export function useDeleteOtherBalance() {
  return useMyAssetsMutation(deleteOtherBalance);
}
