import type { Bank } from '@prumo/contract/categories';
import type { BankGuideInput } from '@prumo/domain/banks/statement-guides';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { bankGuidesQueryKey } from './get-bank-guides';

/** PUT bank/{code}/guide/: the organization's own guide for a bank, replacing Prumo's. */
export function saveBankGuide({ code, guide }: { code: string; guide: BankGuideInput }): Promise<Bank> {
  return requestApi<Bank>(`bank/${encodeURIComponent(code)}/guide/`, { method: 'PUT', body: guide });
}

export function useSaveBankGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBankGuide,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankGuidesQueryKey }),
  });
}
