import { useParams } from 'react-router';
import { EmailConfirmation } from '../../../features/auth/components/email-confirmation';

export function EmailConfirmationRoute() {
  const { organization = '', token = '' } = useParams();
  return <EmailConfirmation key={token} organization={organization} token={token} />;
}
