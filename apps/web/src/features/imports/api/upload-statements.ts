import type { UploadAnswer } from '@prumo/contract/imports';
import { statementUploadLimits, statementUploadMessages } from '@prumo/domain/statements/upload-limits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  buildApiUrl,
  buildFormData,
  createAnswerError,
  createConnectionError,
  parseAnswerText,
} from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { readToken } from '../../../lib/storage';
import { filesQueryKey } from './get-files';
import { pendenciesQueryKey } from './get-pendencies';

/** Statement files: only these extensions; the API's limits per file and per upload. */
export const acceptedStatementExtensions = ['xlsx', 'ofx', 'xls'] as const;
export const maximumStatementBytes = statementUploadLimits.maxFileBytes;
export const maximumStatementFiles = statementUploadLimits.maxFiles;
export const maximumUploadBytes = statementUploadLimits.maxTotalBytes;

export const uploadMessages = {
  // Word for word, its two dots included: the text users know.
  unavailable: 'Sistema indisponível. Tente novamente mais tarde..',
  invalidType: 'Formato não aceito: envie arquivos xlsx, ofx ou xls.',
  allRejected: 'Nenhum arquivo aceito: envie arquivos xlsx, ofx ou xls.',
  tooLarge: statementUploadMessages.tooLarge,
  tooMany: statementUploadMessages.tooMany,
  uploadTooLarge: statementUploadMessages.uploadTooLarge,
} as const;

export interface UploadStatementsInput {
  files: File[];
  /** Adds the files to an existing bundle (import-bundle/{id}/add/) instead of a new one. */
  bundleId?: number | null;
  /** Share of the bytes sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST upload/ (or import-bundle/{id}/add/) multipart, field `files`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress. 5xx answers carry the upload's own text.
 */
export function uploadStatements({
  files,
  bundleId,
  onProgress,
  signal,
}: UploadStatementsInput): Promise<UploadAnswer> {
  const path = bundleId ? `import-bundle/${bundleId}/add/` : 'upload/';
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const token = readToken();
    request.open('POST', buildApiUrl(path));
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Token ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      const data = parseAnswerText(request.responseText, request.getResponseHeader('content-type'));
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(data as UploadAnswer);
        return;
      }
      if (request.status >= 500) {
        reject(new ApiError({ status: request.status, data, message: uploadMessages.unavailable, notified: false }));
        return;
      }
      reject(createAnswerError(request.status, data, { silent: true, sentToken: Boolean(token) }));
    });
    request.addEventListener('error', () => reject(createConnectionError(true)));
    request.addEventListener('abort', () => reject(new DOMException('Envio cancelado', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(buildFormData({ files }));
  });
}

export function useUploadStatements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadStatements,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesQueryKey }),
        queryClient.invalidateQueries({ queryKey: pendenciesQueryKey }),
      ]),
  });
}
