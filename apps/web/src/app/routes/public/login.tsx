import { Stack } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { AccessLinkRequest } from '../../../features/auth/components/access-link-request';
import { LoginForm } from '../../../features/auth/components/login-form';
import { sessionLengthMs } from '../../../lib/session';
import { readPlanAfterSignIn, readSignInTime, readStoredOrganization, readToken } from '../../../lib/storage';

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

/** After signing in: the payment of the plan a sign-up link named, else the dashboard. */
function findSignInDestination(organization: string): string {
  const planHash = readPlanAfterSignIn(organization);
  if (planHash) return paths.app.routes.payment.getHref(organization, { planHash });
  return paths.app.routes.dashboard.getHref(organization);
}

export function LoginRoute() {
  const { organization = '' } = useParams();
  // Someone signed in who lands here (a bookmark, the root, an unknown address) goes on to the app;
  // so does this page right after a sign-in, so both lead to the same place.
  if (hasLiveSession(organization)) return <Navigate to={findSignInDestination(organization)} replace />;
  return (
    <Stack gap="md">
      <LoginForm organization={organization} findDestination={() => findSignInDestination(organization)} />
      <AccessLinkRequest organization={organization} />
    </Stack>
  );
}
