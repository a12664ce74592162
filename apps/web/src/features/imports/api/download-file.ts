import type { StatementFile } from '@prumo/contract/imports';
import { useMutation } from '@tanstack/react-query';
import { requestApiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/file-download';

/** GET file/{id}/download/: the statement as the client sent it (the API client adds a planner's clientId). */
export async function downloadStatementFile(file: Pick<StatementFile, 'id' | 'name'>) {
  const answer = await requestApiFile(`file/${file.id}/download/`);
  return { blob: answer.blob, fileName: answer.fileName ?? file.name };
}

/** A mutation rather than a query: each click fetches afresh, and a statement is never cached. */
export function useDownloadStatementFile() {
  return useMutation({
    mutationFn: downloadStatementFile,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
