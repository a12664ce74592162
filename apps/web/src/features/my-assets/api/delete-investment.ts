import type { InvestmentKind } from '@prumo/contract/investments';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

/** DELETE investments/{kind}/edit/{id}/: 204; its history goes with it. */
export function deleteInvestment({ kind, id }: { kind: InvestmentKind; id: number }): Promise<void> {
  return requestApi<void>(`investments/${kind}/edit/${id}/`, { method: 'DELETE' });
}

export function useDeleteInvestment() {
  return useMyAssetsMutation(deleteInvestment);
}
