import type { Prospect } from '@prumo/contract/prospects';
import type { ProspectStage } from '@prumo/domain/prospects/prospect-stages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { prospectsQueryKey } from './get-prospects';

export interface ProspectFields {
  name: string;
  email: string;
  phone: string;
  notes: string;
  stage?: ProspectStage;
}

/** POST prospects/ (a new one, stage novo) or PATCH prospects/{id}/ (its fields and stage). */
export function saveProspect({ id, fields }: { id: number | null; fields: ProspectFields }): Promise<Prospect> {
  if (id === null) return requestApi<Prospect>('prospects/', { method: 'POST', body: fields });
  return requestApi<Prospect>(`prospects/${id}/`, { method: 'PATCH', body: fields });
}

export function useSaveProspect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProspect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectsQueryKey }),
  });
}
