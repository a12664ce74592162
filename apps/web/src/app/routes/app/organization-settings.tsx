import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { BankGuidesManager } from '../../../features/bank-guides/components/bank-guides-manager';
import { PushSettingsSection } from '../../../features/notifications/components/push-settings-section';
import { OpenFinanceSettingsSection } from '../../../features/open-banking/components/open-finance-settings-section';
import { CustomEmailImagesForm } from '../../../features/organization/components/custom-email-images-form';
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
  return (
    // Keyed by organization, so the forms start again from another organization's values.
    <Stack key={organization.data.slug} gap="md">
      <OrganizationThemeForm organization={organization.data} />
      <CustomEmailImagesForm organization={organization.data.slug} />
      {/* Every organization's clients import statements: the guides are not behind the help toggle. */}
      <BankGuidesManager />
      <OpenFinanceSettingsSection organization={organization.data.slug} />
      <PushSettingsSection organization={organization.data.slug} />
    </Stack>
  );
}
