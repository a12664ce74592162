import { Box, Center, Container, Paper } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useMatches, useParams } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { ErrorState } from '../../components/error-state';
import { PageLoader } from '../../components/page-loader';
import { TestEnvironmentBanner } from '../../components/test-environment-banner';
import { describeError, isApiError } from '../../lib/errors';
import { useOrganization, useOrganizationBrand } from '../../lib/organization';
import { adoptOrganization, hardKick } from '../../lib/session';
import { isUnknownAddressMatch } from '../routes/redirects';

interface PublicRouteHandle {
  /** Wider card for the forms with two columns. */
  wide?: boolean;
}

/** The card that holds every public page of an organization, with its logo and colours. */
export function PublicLayout() {
  const unknownAddress = isUnknownAddressMatch(useMatches());
  // An address that matches no page is not an organization's: it only goes back.
  if (unknownAddress) return <Outlet />;
  return <OrganizationPublicFrame />;
}

function OrganizationPublicFrame() {
  const { organization: slug = '' } = useParams();
  // Idempotent, and must happen before any child reads the stored token.
  adoptOrganization(slug);
  const organization = useOrganization(slug);
  useOrganizationBrand(organization.data);
  const wide = useMatches().some((match) => (match.handle as PublicRouteHandle | undefined)?.wide);
  const notFound = isApiError(organization.error) && organization.error.status === 404;

  useEffect(() => {
    if (notFound) hardKick();
  }, [notFound]);

  return (
    <Box mih="100vh" bg="gray.0">
      {organization.data?.is_test ? <TestEnvironmentBanner /> : null}
      <Container size={wide ? 600 : 460} py={{ base: 'md', sm: 48 }} px="md">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Center mb="lg">
            <BrandLogo height={56} />
          </Center>
          {organization.isPending || notFound ? <PageLoader /> : null}
          {organization.isError && !notFound ? (
            <ErrorState message={describeError(organization.error)} onRetry={() => organization.refetch()} />
          ) : null}
          {organization.isSuccess ? <Outlet /> : null}
        </Paper>
      </Container>
    </Box>
  );
}
