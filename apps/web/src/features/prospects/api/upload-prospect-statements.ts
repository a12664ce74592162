import type { ProspectUploadAnswer } from '@prumo/contract/prospects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { prospectsQueryKey } from './get-prospects';

/** POST prospect-bundle/?prospect={id} multipart, field `files`: the statements read into the bundle. */
export function uploadProspectStatements({
  prospectId,
  files,
}: {
  prospectId: number;
  files: File[];
}): Promise<ProspectUploadAnswer> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return requestApi<ProspectUploadAnswer>('prospect-bundle/', {
    method: 'POST',
    query: { prospect: prospectId },
    body,
  });
}

export function useUploadProspectStatements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProspectStatements,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: prospectsQueryKey }),
  });
}
