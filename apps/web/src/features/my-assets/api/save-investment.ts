import type { Investment, InvestmentFund, InvestmentKind } from '@prumo/contract/investments';
import { requestApi } from '../../../lib/api-client';
import { useMyAssetsMutation } from './my-assets-query-key';

/**
 * What the form sends: name and balances for every kind, and only the fields the kind takes (the
 * API refuses another kind's field, even null). Cents; documents as digits.
 */
export interface InvestmentBody {
  name: string;
  balance: number;
  gross_balance: number | null;
  cnpj: string | null;
  monthly_contribution?: number | null;
  salary?: number | null;
  cnpb?: string | null;
  susep_process?: string | null;
  funds?: InvestmentFund[];
}

export interface InvestmentSave {
  kind: InvestmentKind;
  /** Null for a new investment. */
  id: number | null;
  body: InvestmentBody;
}

/** POST investments/{kind}/create/ (201) or PUT investments/{kind}/edit/{id}/ (200), with the investment. */
export function saveInvestment({ kind, id, body }: InvestmentSave): Promise<Investment> {
  if (id === null) return requestApi<Investment>(`investments/${kind}/create/`, { method: 'POST', body });
  return requestApi<Investment>(`investments/${kind}/edit/${id}/`, { method: 'PUT', body });
}

export function useSaveInvestment() {
  return useMyAssetsMutation(saveInvestment);
}
