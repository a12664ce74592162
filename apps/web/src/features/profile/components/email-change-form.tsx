import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EmailChangeSchema } from '@prumo/domain/account/schemas';
import { useState } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { useChangeEmail } from '../api/change-email';

const validator = createSchemaValidator(EmailChangeSchema);
const formFields = ['new_email', 'password'];

/** A new e-mail for signing in: it takes effect once confirmed from the new address. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const mutation = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { new_email: '', password: '' },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) return;
    mutation.mutate(parsed.data, {
      onSuccess: () => {
        setSentTo(parsed.data.new_email);
        form.reset();
      },
      onError: createFormMutationErrorHandler(form, { fields: formFields }),
    });
  });

  return (
    <Paper withBorder p="md">
      <SectionHeader title="Alterar e-mail" />
      {/* Addresses are long words: they break anywhere rather than widen a phone's page. */}
      <Text size="sm" c="dimmed" mb="md" style={{ overflowWrap: 'anywhere' }}>
        Você entra hoje com {currentEmail}.
      </Text>
      {sentTo ? (
        <Alert color="teal" variant="light" title="Confirme o novo e-mail" mb="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Enviamos um link de confirmação para <strong>{sentTo}</strong>. Seu e-mail continua {currentEmail} até você
            abrir o link; ao confirmar, todas as sessões terminam e você entra de novo com o novo e-mail.
          </Text>
        </Alert>
      ) : null}
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm" maw={480}>
          <TextInput label="Novo e-mail" type="email" autoComplete="email" {...form.getInputProps('new_email')} />
          <PasswordInput label="Senha atual" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Alterar e-mail
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
