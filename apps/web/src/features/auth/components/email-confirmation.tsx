import { Alert, Button, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { savePlanAfterSignIn } from '../../../lib/storage';
import { useEmailConfirmation } from '../api/confirm-email';

export function EmailConfirmation({ organization, token }: { organization: string; token: string }) {
  const confirmation = useEmailConfirmation(token);
  const planHash = confirmation.data?.plan ?? null;
  // The sign-up link named a plan: its payment follows the sign-in in this browser too, which is
  // often not the one the account was created in (the e-mail opened on a phone).
  useEffect(() => {
    if (planHash) savePlanAfterSignIn(organization, planHash);
  }, [organization, planHash]);
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
            {planHash
              ? 'Sua conta está pronta. Entre com seu e-mail e senha para seguir para a assinatura do plano escolhido.'
              : 'Agora é só entrar com seu e-mail e senha.'}
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
