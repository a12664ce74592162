import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { filesQueryKey } from './get-files';
import { pendenciesQueryKey } from './get-pendencies';

/** DELETE file/{id}/: 204; the file's transactions go with it. */
export function deleteFile(id: number): Promise<void> {
  return requestApi<void>(`file/${id}/`, { method: 'DELETE' });
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesQueryKey }),
        queryClient.invalidateQueries({ queryKey: pendenciesQueryKey }),
      ]),
  });
}
