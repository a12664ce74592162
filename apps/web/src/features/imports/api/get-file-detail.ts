import type { StatementFileDetail } from '@prumo/contract/imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { useRouteClientId } from '../../../lib/client-scope';
import { filesQueryKey } from './get-files';

/** GET file/{id}/read/: the file and the transactions it brought (ignored ones too). */
export function getFileDetail(id: number, signal?: AbortSignal): Promise<StatementFileDetail> {
  return requestApi<StatementFileDetail>(`file/${id}/read/`, { signal });
}

export function fileDetailQueryOptions(clientId: string | null, id: number) {
  return queryOptions({
    queryKey: [...filesQueryKey, 'detail', clientId, id],
    queryFn: ({ signal }) => getFileDetail(id, signal),
  });
}

export function useFileDetail(id: number | null) {
  const clientId = useRouteClientId();
  return useQuery({ ...fileDetailQueryOptions(clientId, id ?? 0), enabled: id !== null });
}
