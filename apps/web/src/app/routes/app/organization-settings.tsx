import { useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { OrganizationThemeForm } from '../../../features/organization/components/organization-theme-form';
import { describeError } from '../../../lib/errors';
import { useOrganization } from '../../../lib/organization';

export function OrganizationSettingsRoute() {
  const { organization: slug = '' } = useParams();
  const organization = useOrganization(slug);
  if (organization.isPending) return <PageLoader />;
  if (organization.isError) {
    return <ErrorState message={describeError(organization.error)} onRetry={() => organization.refetch()} />;
  }
  return <OrganizationThemeForm key={organization.data.slug} organization={organization.data} />;
}
