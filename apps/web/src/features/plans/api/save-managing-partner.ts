import type { ManagingPartner } from '@prumo/contract/plans';
import type { ManagingPartnerInput } from '@prumo/domain/payments/managing-partner-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { managingPartnersQueryKey } from './plans-query-keys';

/** POST managing-partners/ (201) or PUT managing-partners/{id}/ (200), always with every field. */
export function saveManagingPartner({
  id,
  body,
}: {
  id: number | null;
  body: ManagingPartnerInput;
}): Promise<ManagingPartner> {
  if (id === null) return requestApi<ManagingPartner>('managing-partners/', { method: 'POST', body });
  return requestApi<ManagingPartner>(`managing-partners/${id}/`, { method: 'PUT', body });
}

export function useSaveManagingPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveManagingPartner,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: managingPartnersQueryKey }),
  });
}
