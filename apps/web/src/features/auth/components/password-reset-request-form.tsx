import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordResetSchema } from '@prumo/domain/account/schemas';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ChallengePrompt } from '../../../components/challenge-prompt';
import { paths } from '../../../config/paths';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifyError } from '../../../lib/notifications';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function PasswordResetRequestForm({ organization }: { organization: string }) {
  const mutation = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const validator = useMemo(
    () => createSchemaValidator(PasswordResetSchema, { context: { organization } }),
    [organization],
  );
  const form = useForm({ initialValues: { email: '' }, validate: validator.validate, validateInputOnBlur: true });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) {
      notifyError(parsed.message);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: createFormMutationErrorHandler(form, { fields: ['email'] }),
    });
  });

  const loginLink = (
    <Anchor component={Link} to={paths.organization.login.getHref(organization)} size="sm">
      Voltar para o login
    </Anchor>
  );

  if (sentTo) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3" ta="center">
          Redefinir senha
        </Title>
        <Alert color="brand" variant="light" title="Verifique seu e-mail">
          Se o e-mail {sentTo} estiver cadastrado, você receberá um link para redefinir sua senha.
        </Alert>
        {loginLink}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        Redefinir senha
      </Title>
      <Text size="sm" c="dimmed">
        Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <ChallengePrompt error={mutation.error} />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Enviar link
          </Button>
        </Stack>
      </form>
      {loginLink}
    </Stack>
  );
}
