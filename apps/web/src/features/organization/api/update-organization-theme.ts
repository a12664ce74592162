import type { Organization } from '@prumo/contract/organizations';
import type { OrganizationUpdate } from '@prumo/domain/account/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buildFormData, requestApi } from '../../../lib/api-client';
import { organizationQueryOptions } from '../../../lib/organization';

export interface OrganizationThemeInput {
  slug: string;
  colors: Pick<OrganizationUpdate, 'primary_color' | 'secondary_color'>;
  linkRedirect: string;
  logo: File | null;
  favicon: File | null;
}

/** PUT organization/{slug}/ with the colours. */
export function updateOrganization(slug: string, body: OrganizationUpdate): Promise<Organization> {
  return requestApi<Organization>(`organization/${encodeURIComponent(slug)}/`, { method: 'PUT', body });
}

/** POST logo/ multipart: logo `file`, `favicon`, `link_redirect`; files already stored are not sent again. */
export function uploadOrganizationFiles(input: {
  logo: File | null;
  favicon: File | null;
  linkRedirect: string;
}): Promise<Organization> {
  return requestApi<Organization>('logo/', {
    method: 'POST',
    body: buildFormData({ file: input.logo, favicon: input.favicon, link_redirect: input.linkRedirect }),
  });
}

/** The theme screen's save: the colours first, then the files and the redirect link. */
export async function saveOrganizationTheme(input: OrganizationThemeInput): Promise<Organization> {
  await updateOrganization(input.slug, input.colors);
  return uploadOrganizationFiles(input);
}

export function useSaveOrganizationTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganizationTheme,
    // The layouts read this query for the theme, so the new colours and logo show at once.
    onSuccess: (organization, input) => {
      queryClient.setQueryData(organizationQueryOptions(input.slug).queryKey, organization);
    },
  });
}
