import type { Organization } from '@prumo/contract/organizations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestApi } from './api-client';
import { type Brand, defaultBrand, setBrand } from './theme';

/** GET organization/{slug}/: public, read by every page of an organization for its theme. */
export function getOrganization(slug: string, signal?: AbortSignal): Promise<Organization> {
  return requestApi<Organization>(`organization/${encodeURIComponent(slug)}/`, { authenticated: false, signal });
}

export function organizationQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ['organization', slug],
    queryFn: ({ signal }) => getOrganization(slug, signal),
    staleTime: 5 * 60_000,
  });
}

export function useOrganization(slug: string) {
  return useQuery(organizationQueryOptions(slug));
}

/** The toggles that drive menus and routes: the organization's features plus the user's permissions. */
export function listEnabledToggles(
  organization: Pick<Organization, 'features'> | null | undefined,
  permissions: readonly { codename: string }[] = [],
): Set<string> {
  const toggles = new Set<string>();
  for (const feature of organization?.features ?? []) toggles.add(feature.code);
  for (const permission of permissions) toggles.add(permission.codename);
  return toggles;
}

export function convertOrganizationToBrand(organization: Organization): Brand {
  const isHex = (value: string | null) => (value && /^[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : null);
  return {
    primaryColor: isHex(organization.primary_color) ?? defaultBrand.primaryColor,
    secondaryColor: isHex(organization.secondary_color) ?? defaultBrand.secondaryColor,
    logo: organization.logo || null,
    favicon: organization.favicon || null,
    name: organization.name || defaultBrand.name,
  };
}

/** Applies an organization's colours, logo, favicon and name once it is known, and remembers them. */
export function useOrganizationBrand(organization: Organization | undefined): void {
  useEffect(() => {
    if (organization) setBrand(convertOrganizationToBrand(organization), { remember: true });
  }, [organization]);
}
