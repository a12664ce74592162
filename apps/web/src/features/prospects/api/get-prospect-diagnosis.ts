import type { ProspectDiagnosis } from '@prumo/contract/prospects';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { requestApi, requestApiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/file-download';
import { prospectsQueryKey } from './get-prospects';

/** GET prospects/{id}/diagnosis/: what the prospect's statements say about their money. */
export function getProspectDiagnosis(prospectId: number, signal?: AbortSignal): Promise<ProspectDiagnosis> {
  return requestApi<ProspectDiagnosis>(`prospects/${prospectId}/diagnosis/`, { signal });
}

export function prospectDiagnosisQueryOptions(prospectId: number) {
  return queryOptions({
    queryKey: [...prospectsQueryKey, 'diagnosis', prospectId],
    queryFn: ({ signal }) => getProspectDiagnosis(prospectId, signal),
  });
}

export function useProspectDiagnosis(prospectId: number) {
  return useQuery(prospectDiagnosisQueryOptions(prospectId));
}

/** GET prospects/{id}/diagnosis.pdf: the diagnosis under the organization's brand, saved as a file. */
export async function downloadDiagnosisPdf(prospectId: number) {
  const answer = await requestApiFile(`prospects/${prospectId}/diagnosis.pdf`);
  return { blob: answer.blob, fileName: answer.fileName ?? 'diagnostico.pdf' };
}

export function useDownloadDiagnosisPdf() {
  return useMutation({
    mutationFn: downloadDiagnosisPdf,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
