import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

/** DELETE debts/edit/{id}/: 204. */
export function deleteDebt(id: number): Promise<void> {
  return requestApi<void>(`debts/edit/${id}/`, { method: 'DELETE' });
}

export function useDeleteDebt() {
  return useMyAssetsMutation(deleteDebt);
}
