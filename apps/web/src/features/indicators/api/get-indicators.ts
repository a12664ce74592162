import type { ManagerIndicators } from '@prumo/contract/indicators';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export interface IndicatorPeriod {
  /** "2026-01-01". */
  start: string;
  end: string;
}

/** GET indicators/: the organization's and each planner's figures over the period. */
export function getIndicators(period: IndicatorPeriod, signal?: AbortSignal): Promise<ManagerIndicators> {
  return requestApi<ManagerIndicators>('indicators/', { query: { ...period }, signal });
}

export function indicatorsQueryOptions(period: IndicatorPeriod, enabled = true) {
  return queryOptions({
    enabled,
    queryKey: ['indicators', period.start, period.end],
    queryFn: ({ signal }) => getIndicators(period, signal),
    placeholderData: keepPreviousData,
    // Clients, prospects and plannings change on other screens: read again whenever shown.
    staleTime: 0,
  });
}

/** `enabled` false while the period typed breaks the period's rules: nothing is asked then. */
export function useIndicators(period: IndicatorPeriod, enabled = true) {
  return useQuery(indicatorsQueryOptions(period, enabled));
}
