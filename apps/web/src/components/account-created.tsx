import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { notifySuccess } from '../lib/notifications';
import { useResendActivation } from '../lib/resend-activation';

/** The end of every sign-up: the account exists, and the e-mail must be confirmed before entering. */
export function AccountCreated({
  organization,
  email,
  loginHref,
  continuesToPlan = false,
}: {
  organization: string;
  email: string;
  loginHref: string;
  /** The sign-up link named a plan: its payment opens after the first sign-in. */
  continuesToPlan?: boolean;
}) {
  const resend = useResendActivation();
  const resendConfirmation = () =>
    resend.mutate(
      { email, organization },
      { onSuccess: () => notifySuccess('E-mail de confirmação reenviado. Verifique sua caixa de entrada.') },
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        Conta criada
      </Title>
      <Alert color="teal" variant="light" title="Confirme seu e-mail">
        <Text size="sm">
          Enviamos um e-mail de confirmação para <strong>{email}</strong>. Abra o link do e-mail para ativar sua conta e
          depois entre com seu e-mail e senha.
        </Text>
        {continuesToPlan ? (
          <Text size="sm" mt="xs">
            Ao entrar, você segue para a assinatura do plano escolhido.
          </Text>
        ) : null}
        <Text size="sm" mt="xs">
          Não recebeu?{' '}
          <Anchor component="button" type="button" size="sm" onClick={resendConfirmation} disabled={resend.isPending}>
            Reenviar e-mail de confirmação
          </Anchor>
        </Text>
      </Alert>
      <Button component={Link} to={loginHref} fullWidth>
        Ir para o login
      </Button>
    </Stack>
  );
}
