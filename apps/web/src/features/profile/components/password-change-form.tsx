import { Button, Group, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PasswordChangeSchema } from '@prumo/domain/account/schemas';
import { SectionHeader } from '../../../components/section-header';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useChangePassword } from '../api/change-password';

const validator = createSchemaValidator(PasswordChangeSchema, { confirmations: [['new_password1', 'new_password2']] });
const formFields = ['old_password', 'new_password1', 'new_password2'];

export function PasswordChangeForm() {
  const mutation = useChangePassword();
  const form = useForm({
    initialValues: { old_password: '', new_password1: '', new_password2: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) return;
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        form.reset();
        notifySuccess('Senha alterada');
      },
      onError: createFormMutationErrorHandler(form, { fields: formFields }),
    });
  });

  return (
    <Paper withBorder p="md">
      <SectionHeader title="Alterar senha" />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={480}>
          <PasswordInput label="Senha atual" autoComplete="current-password" {...form.getInputProps('old_password')} />
          <PasswordInput
            label="Nova senha"
            description="Mínimo 8 caracteres"
            autoComplete="new-password"
            {...form.getInputProps('new_password1')}
          />
          <PasswordInput label="Confirmar senha" autoComplete="new-password" {...form.getInputProps('new_password2')} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Alterar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
