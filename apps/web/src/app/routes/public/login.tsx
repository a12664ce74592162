import { useParams } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginRoute() {
  const { organization = '' } = useParams();
  return <LoginForm organization={organization} />;
}
