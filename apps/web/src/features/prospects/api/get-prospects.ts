import type { Prospect, ProspectPage } from '@prumo/contract/prospects';
import type { ProspectStage } from '@prumo/domain/prospects/prospect-stages';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const prospectsPageSize = 25;

/** Every prospects query starts with this key: a change to one prospect reads the lists again. */
export const prospectsQueryKey = ['prospects'] as const;

/** GET prospects/: the planner's prospects, newest change first, narrowed to a stage when asked. */
export function getProspects(
  filter: { offset: number; stage: ProspectStage | null },
  signal?: AbortSignal,
): Promise<ProspectPage> {
  return requestApi<ProspectPage>('prospects/', {
    query: { limit: prospectsPageSize, offset: filter.offset, stage: filter.stage },
    signal,
  });
}

export function prospectsQueryOptions(filter: { offset: number; stage: ProspectStage | null }) {
  return queryOptions({
    queryKey: [...prospectsQueryKey, 'list', filter.stage, filter.offset],
    queryFn: ({ signal }) => getProspects(filter, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProspects(filter: { offset: number; stage: ProspectStage | null }) {
  return useQuery(prospectsQueryOptions(filter));
}

/** GET prospects/{id}/. */
export function getProspect(id: number, signal?: AbortSignal): Promise<Prospect> {
  return requestApi<Prospect>(`prospects/${id}/`, { signal });
}

export function prospectQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...prospectsQueryKey, 'one', id],
    queryFn: ({ signal }) => getProspect(id, signal),
  });
}

export function useProspect(id: number | null) {
  return useQuery({ ...prospectQueryOptions(id ?? 0), enabled: id !== null });
}
