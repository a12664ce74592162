import type { ProspectBundle } from '@prumo/contract/prospects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { prospectsQueryKey } from './get-prospects';

/** GET prospect-bundle/?prospect={id}: the prospect's statements, line count and period. */
export function getProspectBundle(prospectId: number, signal?: AbortSignal): Promise<ProspectBundle> {
  return requestApi<ProspectBundle>('prospect-bundle/', { query: { prospect: prospectId }, signal });
}

export function prospectBundleQueryOptions(prospectId: number) {
  return queryOptions({
    queryKey: [...prospectsQueryKey, 'bundle', prospectId],
    queryFn: ({ signal }) => getProspectBundle(prospectId, signal),
  });
}

export function useProspectBundle(prospectId: number) {
  return useQuery(prospectBundleQueryOptions(prospectId));
}
