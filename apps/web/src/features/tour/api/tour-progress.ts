import type { TourProgress } from '@prumo/contract/help';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { requestTourStart } from './tour-start';

export const tourProgressQueryKey = ['tour-progress'] as const;

/** GET onboarding/tour/: how far the user went in their first-sign-in tour. */
export function getTourProgress(signal?: AbortSignal): Promise<TourProgress> {
  return requestApi<TourProgress>('onboarding/tour/', { signal });
}

export function tourProgressQueryOptions() {
  return queryOptions({
    queryKey: tourProgressQueryKey,
    queryFn: ({ signal }) => getTourProgress(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTourProgress() {
  return useQuery(tourProgressQueryOptions());
}

/** PUT onboarding/tour/: a step reached, or the tour finished (`register_tour`). */
export function saveTourProgress(change: { register_tour: boolean; step?: number }): Promise<TourProgress> {
  return requestApi<TourProgress>('onboarding/tour/', { method: 'PUT', body: change, silent: true });
}

export function useSaveTourProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTourProgress,
    onSuccess: (progress) => queryClient.setQueryData(tourProgressQueryKey, progress),
  });
}

/** POST tour/: starts the tour over. */
export function resetTour(): Promise<TourProgress> {
  return requestApi<TourProgress>('tour/', { method: 'POST', silent: true });
}

export function useResetTour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTour,
    onSuccess: (progress) => {
      requestTourStart();
      queryClient.setQueryData(tourProgressQueryKey, progress);
    },
  });
}
