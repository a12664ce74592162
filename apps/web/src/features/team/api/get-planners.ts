import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { Page, PlannerRecord } from '../../../types/api';

export const plannersPageSize = 25;

/** GET profiles/planner/ as a manager: the organization's planners. */
export function getPlanners(offset: number, signal?: AbortSignal): Promise<Page<PlannerRecord>> {
  return requestApi<Page<PlannerRecord>>('profiles/planner/', {
    query: { limit: plannersPageSize, offset },
    signal,
  });
}

export function plannersQueryOptions(offset: number) {
  return queryOptions({
    queryKey: ['planners', offset],
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
    queryKey: ['planners', 'all'],
    queryFn: ({ signal }) => getAllPlanners(signal),
  });
}

export function useAllPlanners(enabled: boolean) {
  return useQuery({ ...allPlannersQueryOptions(), enabled });
}
