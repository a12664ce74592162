import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { AccessLinkRequest } from '../../../features/auth/components/access-link-request';
import { LoginForm } from '../../../features/auth/components/login-form';

export function LoginRoute() {
  const { organization = '' } = useParams();
  return (
    <Stack gap="md">
      <LoginForm organization={organization} />
      <AccessLinkRequest organization={organization} />
    </Stack>
  );
}
