import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LoginSchema } from '@prumo/domain/account/schemas';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/errors';
import { createSchemaValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useResendActivation } from '../../../lib/resend-activation';
import { startSession } from '../../../lib/session';
import { useLogin } from '../api/login';

/** Login texts shown to users, word for word. */
const loginMessages = {
  wrongOrganization: 'Organizacao incorreta',
  unavailable: 'Servidor indisponível no momento, tente novamente mais tarde.',
} as const;

function describeLoginError(error: unknown): string {
  if (!isApiError(error)) return loginMessages.unavailable;
  if (error.status === 400) return error.message;
  if (error.status === 403) return loginMessages.wrongOrganization;
  // Too many attempts: the server's own words say when to try again.
  if (error.status === 429 && error.message) return error.message;
  return loginMessages.unavailable;
}

// The API marks the refusal of an existing but unconfirmed account with this code (its text may change).
function isUnconfirmedEmailError(error: unknown): boolean {
  return isApiError(error) && error.code === 'email_not_confirmed';
}

interface LoginFormProps {
  organization: string;
  /** Where a sign-in leads, read once it succeeds (the dashboard, or a plan waiting to be paid). */
  findDestination?: () => string;
}

export function LoginForm({ organization, findDestination }: LoginFormProps) {
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const resendMutation = useResendActivation();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const validator = useMemo(() => createSchemaValidator(LoginSchema, { context: { organization } }), [organization]);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) {
      notifyError(parsed.message);
      return;
    }
    setUnconfirmedEmail(null);
    loginMutation.mutate(parsed.data, {
      onSuccess: (answer) => {
        startSession(answer.key, organization);
        navigate(findDestination?.() ?? paths.app.routes.dashboard.getHref(organization), { replace: true });
      },
      onError: (error) => {
        notifyError(describeLoginError(error));
        if (isUnconfirmedEmailError(error)) setUnconfirmedEmail(parsed.data.email);
      },
    });
  });

  const resendConfirmation = () => {
    if (!unconfirmedEmail) return;
    resendMutation.mutate(
      { email: unconfirmedEmail, organization },
      { onSuccess: () => notifySuccess('E-mail de confirmação reenviado. Verifique sua caixa de entrada.') },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        Entrar
      </Title>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="E-mail" type="email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordInput label="Senha" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.organization.passwordReset.getHref(organization)} size="sm">
              Esqueci minha senha
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={loginMutation.isPending}>
            Entrar
          </Button>
        </Stack>
      </form>
      {unconfirmedEmail ? (
        <Paper withBorder p="sm" bg="yellow.0">
          <Stack gap="xs">
            <Text size="sm">Não recebeu o e-mail de confirmação de {unconfirmedEmail}?</Text>
            <Button variant="light" size="xs" onClick={resendConfirmation} loading={resendMutation.isPending}>
              Reenviar e-mail de confirmação
            </Button>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
