import type { Bank } from '@prumo/contract/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { bankGuidesQueryKey } from './get-bank-guides';

/** DELETE bank/{code}/guide/: back to the guide Prumo ships for that bank. */
export function restoreBankGuide(code: string): Promise<Bank> {
  return requestApi<Bank>(`bank/${encodeURIComponent(code)}/guide/`, { method: 'DELETE' });
}

export function useRestoreBankGuide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreBankGuide,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankGuidesQueryKey }),
  });
}
