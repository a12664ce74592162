import { Alert, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { EmailSchema } from '@prumo/domain/account/fields';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { useRequestAccessLink } from '../api/request-access-link';

const validator = createSchemaValidator(z.object({ email: EmailSchema }));

// The API's own neutral words, for an answer that comes without them.
const neutralSentMessage = 'Se o e-mail estiver cadastrado, enviaremos a mensagem em instantes.';

/** Asks for a one-time sign-in link by e-mail; the link opens /access/{token}. */
export function AccessLinkForm({ organization }: { organization: string }) {
  const mutation = useRequestAccessLink();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const form = useForm({ initialValues: { email: '' }, validate: validator.validate, validateInputOnBlur: true });

  // Shown because the user asked for it: the e-mail is what they type next.
  useEffect(() => emailRef.current?.focus(), []);

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) return;
    mutation.mutate(
      { email: parsed.data.email, organization },
      {
        onSuccess: (answer) => setSentMessage(answer?.detail || neutralSentMessage),
        onError: createFormMutationErrorHandler(form, { fields: ['email'] }),
      },
    );
  });

  // Set apart from the password login above it.
  const separator = <Divider label="ou" labelPosition="center" />;

  if (sentMessage) {
    return (
      <Stack gap="md">
        {separator}
        <Alert color="brand" variant="light" title="Verifique seu e-mail">
          {sentMessage}
        </Alert>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        {separator}
        <TextInput
          ref={emailRef}
          label="E-mail para o link"
          description="Enviaremos um link de uso único para entrar sem senha."
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <Button type="submit" variant="light" fullWidth loading={mutation.isPending}>
          Enviar link de acesso
        </Button>
      </Stack>
    </form>
  );
}
