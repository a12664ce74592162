import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Invitation } from '@prumo/contract/invitations';
import { RegistrationSchema, SimpleRegistrationSchema } from '@prumo/domain/account/schemas';
import { type AccessLevel, addressWordByRole, roleLabels } from '@prumo/domain/auth/roles';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AccountCreated } from '../../../components/account-created';
import { ChallengePrompt } from '../../../components/challenge-prompt';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { createEmptyPersonValues, PersonFormFields, personFormFields } from '../../../components/person-form-fields';
import { paths } from '../../../config/paths';
import { describeError, isApiError } from '../../../lib/errors';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { savePlanAfterSignIn } from '../../../lib/storage';
import { useInvitation } from '../api/get-invitation';
import { useRegister } from '../api/register';
import { useRegisterSimple } from '../api/register-simple';

export type RegistrationKind = { kind: 'full'; role: AccessLevel } | { kind: 'simple' };

interface RegistrationFormProps {
  organization: string;
  hash: string;
  plan?: string;
  registration: RegistrationKind;
}

function findRole(registration: RegistrationKind): AccessLevel {
  return registration.kind === 'full' ? registration.role : 'client';
}

// An invitation grants exactly one role; the server refuses any other (this only says so sooner).
function canInvitationRegister(invitation: Invitation, role: AccessLevel): boolean {
  return invitation.role === role;
}

export function RegistrationForm(properties: RegistrationFormProps) {
  const { organization, hash } = properties;
  const invitation = useInvitation(hash, organization);
  const role = findRole(properties.registration);
  const loginHref = paths.organization.login.getHref(organization);

  if (invitation.isPending) return <PageLoader label="Carregando convite…" />;
  if (invitation.isError) {
    if (isApiError(invitation.error) && invitation.error.status === 404) {
      return <InvalidInvitation message={invitation.error.message} loginHref={loginHref} />;
    }
    return <ErrorState message={describeError(invitation.error)} onRetry={() => invitation.refetch()} />;
  }
  if (!canInvitationRegister(invitation.data, role)) {
    return (
      <InvalidInvitation
        message={`Este convite não permite cadastro como ${roleLabels[role].toLowerCase()}.`}
        loginHref={loginHref}
      />
    );
  }
  return <RegistrationFields {...properties} invitation={invitation.data} />;
}

function InvalidInvitation({ message, loginHref }: { message: string; loginHref: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3" ta="center">
        Cadastro
      </Title>
      <Alert color="red" variant="light" title="Não é possível se cadastrar">
        {message} Peça um novo link a quem convidou você.
      </Alert>
      <Anchor component={Link} to={loginHref} size="sm">
        Ir para o login
      </Anchor>
    </Stack>
  );
}

function RegistrationFields({
  organization,
  hash,
  plan,
  registration,
  invitation,
}: RegistrationFormProps & { invitation: Invitation }) {
  const withCpf = registration.kind === 'full';
  const role = findRole(registration);
  const registerMutation = useRegister();
  const registerSimpleMutation = useRegisterSimple();
  const [createdEmail, setCreatedEmail] = useState<string | null>(null);

  const validator = useMemo(() => {
    const confirmations = [['password1', 'password2']] as const;
    if (withCpf) {
      return createSchemaValidator(RegistrationSchema, {
        context: { organization, hash, plan, role: addressWordByRole[role] },
        confirmations,
      });
    }
    return createSchemaValidator(SimpleRegistrationSchema, { context: { organization, hash, plan }, confirmations });
  }, [withCpf, organization, hash, plan, role]);

  const form = useForm({
    initialValues: createEmptyPersonValues(withCpf),
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleError = createFormMutationErrorHandler(form, { fields: personFormFields });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) {
      notifyError(parsed.message);
      return;
    }
    const onSuccess = () => {
      notifySuccess('Conta criada');
      // The link's plan is paid for after the first sign-in; the server alone decides the role.
      if (plan) savePlanAfterSignIn(organization, plan);
      setCreatedEmail(parsed.data.email);
    };
    if (withCpf) {
      registerMutation.mutate(RegistrationSchema.parse(parsed.data), { onSuccess, onError: handleError });
    } else {
      registerSimpleMutation.mutate(SimpleRegistrationSchema.parse(parsed.data), { onSuccess, onError: handleError });
    }
  });

  if (createdEmail) {
    return (
      <AccountCreated
        organization={organization}
        email={createdEmail}
        loginHref={paths.organization.login.getHref(organization)}
        continuesToPlan={Boolean(plan)}
      />
    );
  }

  const inviterName = `${invitation.inviter.first_name} ${invitation.inviter.last_name}`.trim();
  return (
    <Stack gap="md">
      <Stack gap={4} ta="center">
        <Title order={1} size="h3">
          Cadastro de {roleLabels[role].toLowerCase()}
        </Title>
        <Text size="sm" c="dimmed">
          Convite de {inviterName}
        </Text>
      </Stack>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PersonFormFields form={form} withCpf={withCpf} />
          <ChallengePrompt error={withCpf ? registerMutation.error : registerSimpleMutation.error} />
          <Button type="submit" fullWidth loading={registerMutation.isPending || registerSimpleMutation.isPending}>
            Cadastrar
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Já tem conta?{' '}
        <Anchor component={Link} to={paths.organization.login.getHref(organization)}>
          Entrar
        </Anchor>
      </Text>
    </Stack>
  );
}
