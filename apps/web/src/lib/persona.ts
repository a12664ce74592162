import type { Persona } from '@prumo/contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from './api-client';

/** GET me/: the signed-in user. Silent, because a lost connection here has its own text. */
export function getPersona(signal?: AbortSignal): Promise<Persona> {
  return requestApi<Persona>('me/', { silent: true, signal });
}

export const personaQueryKey = ['me'] as const;

export function personaQueryOptions() {
  return queryOptions({
    queryKey: personaQueryKey,
    queryFn: ({ signal }) => getPersona(signal),
    staleTime: 5 * 60_000,
  });
}

export function usePersona(options: { enabled?: boolean } = {}) {
  return useQuery({ ...personaQueryOptions(), enabled: options.enabled ?? true });
}

export function formatPersonName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
