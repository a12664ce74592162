import type { Organization } from '@prumo/contract/organizations';
import type { OrganizationWithFeatures } from './organizations.repo';

/** The organization as everyone reads it: public branding and features. */
export function presentOrganization({ organization, featureCodes }: OrganizationWithFeatures): Organization {
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
