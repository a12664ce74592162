import { Stack } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { AccessLinkRequest } from '../../../features/auth/components/access-link-request';
import { LoginForm } from '../../../features/auth/components/login-form';
import { sessionLengthMs } from '../../../lib/session';
import { readSignInTime, readStoredOrganization, readToken } from '../../../lib/storage';

/** A session of this organization still within its two hours: the login page has nothing to ask. */
function hasLiveSession(organization: string): boolean {
  const signInTime = readSignInTime();
  return (
    Boolean(readToken()) &&
    readStoredOrganization() === organization &&
    signInTime !== null &&
    signInTime + sessionLengthMs > Date.now()
  );
}

export function LoginRoute() {
  const { organization = '' } = useParams();
  // Someone signed in who lands here (a bookmark, the root, an unknown address) goes on to the app.
  if (hasLiveSession(organization)) return <Navigate to={paths.app.routes.dashboard.getHref(organization)} replace />;
  return (
    <Stack gap="md">
      <LoginForm organization={organization} />
      <AccessLinkRequest organization={organization} />
    </Stack>
  );
}
