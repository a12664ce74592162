import { z } from 'zod';
import type { OrganizationWithFeatures } from './organizations.repo';

/** The organization as the spec's client reads it (product §3): public branding and features. */
export const OrganizationViewSchema = z.object({
  slug: z.string(),
  name: z.string(),
  corporate_name: z.string(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  link_redirect: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  is_test: z.boolean(),
  features: z.array(z.object({ code: z.string() })),
});
export type OrganizationView = z.infer<typeof OrganizationViewSchema>;

export function presentOrganization({ organization, featureCodes }: OrganizationWithFeatures): OrganizationView {
  return {
    slug: organization.slug,
    name: organization.name,
    corporate_name: organization.corporateName,
    logo: organization.logo,
    favicon: organization.favicon,
    link_redirect: organization.linkRedirect,
    primary_color: organization.primaryColor,
    secondary_color: organization.secondaryColor,
    is_test: organization.isTest,
    features: featureCodes.map((code) => ({ code })),
  };
}
