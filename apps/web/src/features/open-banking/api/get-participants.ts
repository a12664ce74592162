import type { Page } from '@prumo/contract/common';
import type { Participant } from '@prumo/contract/open-banking';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** GET open-banking/v2/participants/: the directory's institutions matching a name or CNPJ. */
export function getParticipants(search: string, signal?: AbortSignal): Promise<Page<Participant>> {
  return requestApi<Page<Participant>>('open-banking/v2/participants/', { query: { search, limit: 50 }, signal });
}

export function participantsQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['open-banking', 'participants', search],
    queryFn: ({ signal }) => getParticipants(search, signal),
    placeholderData: keepPreviousData,
    // The directory changes rarely.
    staleTime: 5 * 60_000,
  });
}

export function useParticipants(search: string) {
  return useQuery(participantsQueryOptions(search));
}
