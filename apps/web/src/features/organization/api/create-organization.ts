import type { CreatedOrganization } from '@prumo/contract/organizations';
import type { OrganizationCreate } from '@prumo/domain/account/schemas';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** POST organization/: 201 with the registration_token that lets the first manager sign up. */
export function createOrganization(body: OrganizationCreate): Promise<CreatedOrganization> {
  return requestApi<CreatedOrganization>('organization/', { method: 'POST', body, authenticated: false });
}

export function useCreateOrganization() {
  return useMutation({ mutationFn: createOrganization });
}
