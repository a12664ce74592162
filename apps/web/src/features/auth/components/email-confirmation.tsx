import { Alert, Button, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { useEmailConfirmation } from '../api/confirm-email';

export function EmailConfirmation({ organization, token }: { organization: string; token: string }) {
  const confirmation = useEmailConfirmation(token);
  const loginButton = (
    <Button component={Link} to={paths.organization.login.getHref(organization)} fullWidth>
      Entrar
    </Button>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        Confirmação de e-mail
      </Title>
      {confirmation.isPending ? <PageLoader label="Confirmando seu e-mail…" /> : null}
      {confirmation.isSuccess ? (
        <>
          <Alert color="teal" variant="light" title={confirmation.data?.detail || 'E-mail confirmado'}>
            Sua conta está pronta. Entre com seu e-mail e senha.
          </Alert>
          {loginButton}
        </>
      ) : null}
      {confirmation.isError ? (
        <>
          <Alert color="red" variant="light" title="Não foi possível confirmar o e-mail">
            {describeError(confirmation.error)}
          </Alert>
          {loginButton}
        </>
      ) : null}
    </Stack>
  );
}
