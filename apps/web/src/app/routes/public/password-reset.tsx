import { useParams } from 'react-router';
import { PasswordResetConfirmForm } from '../../../features/auth/components/password-reset-confirm-form';
import { PasswordResetRequestForm } from '../../../features/auth/components/password-reset-request-form';

/** redefinir-senha/:uid?/:token? — without the e-mailed uid and token, ask for the e-mail. */
export function PasswordResetRoute() {
  const { organization = '', uid, token } = useParams();
  if (uid && token) return <PasswordResetConfirmForm organization={organization} uid={uid} token={token} />;
  return <PasswordResetRequestForm organization={organization} />;
}
