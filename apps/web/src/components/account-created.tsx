import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** The end of every sign-up: the account exists, and the e-mail must be confirmed before entering. */
export function AccountCreated({ email, loginHref }: { email: string; loginHref: string }) {
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
      </Alert>
      <Button component={Link} to={loginHref} fullWidth>
        Ir para o login
      </Button>
    </Stack>
  );
}
