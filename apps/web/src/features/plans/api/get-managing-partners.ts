import type { ManagingPartner } from '@prumo/contract/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { managingPartnersQueryKey } from './plans-query-keys';

/** GET managing-partners/: the organization's managing partners. */
export function getManagingPartners(signal?: AbortSignal): Promise<ManagingPartner[]> {
  return requestApi<ManagingPartner[]>('managing-partners/', { signal });
}

export function managingPartnersQueryOptions() {
  return queryOptions({ queryKey: managingPartnersQueryKey, queryFn: ({ signal }) => getManagingPartners(signal) });
}

export function useManagingPartners() {
  return useQuery(managingPartnersQueryOptions());
}
