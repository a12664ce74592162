import type { Page } from '@prumo/contract/common';
import type { PlannerRecord } from '@prumo/contract/profiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export const plannersPageSize = 25;

/** Every planners query starts with this key: a client moved to another planner changes their counts. */
export const plannersQueryKey = ['planners'] as const;

/** GET profiles/planner/ as a manager: the organization's planners. */
export function getPlanners(offset: number, signal?: AbortSignal): Promise<Page<PlannerRecord>> {
  return requestApi<Page<PlannerRecord>>('profiles/planner/', {
    query: { limit: plannersPageSize, offset },
    signal,
  });
}

export function plannersQueryOptions(offset: number) {
  return queryOptions({
    queryKey: [...plannersQueryKey, offset],
    queryFn: ({ signal }) => getPlanners(offset, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlanners(offset: number) {
  return useQuery(plannersQueryOptions(offset));
}

/** Every planner, for the "change planner" choice; pages are walked until the end. */
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
