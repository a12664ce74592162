import type { ProspectPublicUploadAnswer, ProspectUploadPage } from '@prumo/contract/prospects';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET prospect-upload/{token}/: whose link this is (a used, expired or unknown one answers 404). */
export function getUploadPage(organization: string, token: string, signal?: AbortSignal) {
  return requestApi<ProspectUploadPage>(`prospect-upload/${encodeURIComponent(token)}/`, {
    query: { organization },
    authenticated: false,
    silent: true,
    signal,
  });
}

export function uploadPageQueryOptions(organization: string, token: string) {
  return queryOptions({
    queryKey: ['prospect-upload', organization, token],
    queryFn: ({ signal }) => getUploadPage(organization, token, signal),
    retry: false,
  });
}

export function useUploadPage(organization: string, token: string) {
  return useQuery(uploadPageQueryOptions(organization, token));
}

/** POST prospect-upload/{token}/ multipart: the prospect's own statements; the link is then used up. */
export function sendProspectStatements({
  organization,
  token,
  files,
}: {
  organization: string;
  token: string;
  files: File[];
}): Promise<ProspectPublicUploadAnswer> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return requestApi<ProspectPublicUploadAnswer>(`prospect-upload/${encodeURIComponent(token)}/`, {
    method: 'POST',
    query: { organization },
    body,
    authenticated: false,
  });
}

export function useSendProspectStatements() {
  return useMutation({ mutationFn: sendProspectStatements });
}
