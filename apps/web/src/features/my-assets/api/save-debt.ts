import type { Debt } from '@prumo/contract/debts';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

export interface DebtBody {
  name: string;
  /** Outstanding, cents above zero. */
  balance: number;
  monthly_payment: number;
  /** Null when unknown. */
  installments_left: number | null;
  /** Percent a month, at most 4 decimals. */
  interest_rate: number;
}

/** POST debts/create/ (201) or PUT debts/edit/{id}/ (200), with the debt and its payoff. */
export function saveDebt({ id, body }: { id: number | null; body: DebtBody }): Promise<Debt> {
  if (id === null) return requestApi<Debt>('debts/create/', { method: 'POST', body });
  return requestApi<Debt>(`debts/edit/${id}/`, { method: 'PUT', body });
}

export function useSaveDebt() {
  return useMyAssetsMutation(saveDebt);
}
