import type { Page } from '@prumo/contract/common';
import type { PlannerRecord } from '@prumo/contract/profiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const plannersPageSize = 25;

/** Every planners query starts with this key: a client moved to another planner changes their counts. */
export const plannersQueryKey = ['planners'] as const;

/** GET profiles/planner/ as a manager: the organization's active planners, or the deactivated ones. */
export function getPlanners(offset: number, signal?: AbortSignal, active = true): Promise<Page<PlannerRecord>> {
  return requestApi<Page<PlannerRecord>>('profiles/planner/', {
    query: { limit: plannersPageSize, offset, isActive: active ? undefined : 'false' },
    signal,
  });
}

export function plannersQueryOptions(offset: number, active = true) {
  return queryOptions({
    queryKey: [...plannersQueryKey, active ? 'active' : 'inactive', offset],
    queryFn: ({ signal }) => getPlanners(offset, signal, active),
    placeholderData: keepPreviousData,
  });
}

export function usePlanners(offset: number, active = true) {
  return useQuery(plannersQueryOptions(offset, active));
}

/** Every active planner, for the "change planner" choice; pages are walked until the end. */
export async function getAllPlanners(signal?: AbortSignal): Promise<PlannerRecord[]> {
  const planners: PlannerRecord[] = [];
  for (let offset = 0; ; offset += plannersPageSize) {
    const page = await getPlanners(offset, signal);
    planners.push(...page.results);
    if (!page.next || page.results.length === 0) return planners;
  }
}

export function allPlannersQueryOptions() {
  return queryOptions({
    queryKey: [...plannersQueryKey, 'all'],
    queryFn: ({ signal }) => getAllPlanners(signal),
  });
}

export function useAllPlanners(enabled: boolean) {
  return useQuery({ ...allPlannersQueryOptions(), enabled });
}
