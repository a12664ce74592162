import { Alert, Anchor, Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordResetConfirmSchema } from '@prumo/domain/account/schemas';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

const formFields = ['new_password1', 'new_password2'];
const linkFields = ['uid', 'token'];

interface PasswordResetConfirmFormProps {
  organization: string;
  uid: string;
  token: string;
}

export function PasswordResetConfirmForm({ organization, uid, token }: PasswordResetConfirmFormProps) {
  const navigate = useNavigate();
  const mutation = useConfirmPasswordReset();
  const [linkError, setLinkError] = useState<string | null>(null);
  const validator = useMemo(
    () =>
      createSchemaValidator(PasswordResetConfirmSchema, {
        context: { uid, token },
        confirmations: [['new_password1', 'new_password2']],
      }),
    [uid, token],
  );
  const form = useForm({
    initialValues: { new_password1: '', new_password2: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) {
      notifyError(parsed.message);
      return;
    }
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess('Senha alterada');
        navigate(paths.organization.login.getHref(organization), { replace: true });
      },
      // The uid and token come from the link: their errors mean the link itself is bad.
      onError: createFormMutationErrorHandler(
        {
          setFieldError: (field, message) =>
            linkFields.includes(field) ? setLinkError(message) : form.setFieldError(field, message),
        },
        { fields: [...formFields, ...linkFields] },
      ),
    });
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        Criar nova senha
      </Title>
      {linkError ? (
        <Alert color="red" variant="light" title="Não foi possível alterar a senha">
          <Stack gap="xs" align="flex-start">
            {linkError}
            <Anchor component={Link} to={paths.organization.passwordReset.getHref(organization)} size="sm">
              Pedir um novo link
            </Anchor>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput label="Nova senha" autoComplete="new-password" {...form.getInputProps('new_password1')} />
          <PasswordInput label="Confirmar senha" autoComplete="new-password" {...form.getInputProps('new_password2')} />
          <Button type="submit" fullWidth loading={mutation.isPending}>
            Alterar senha
          </Button>
        </Stack>
      </form>
      <Anchor component={Link} to={paths.organization.login.getHref(organization)} size="sm">
        Voltar para o login
      </Anchor>
    </Stack>
  );
}
