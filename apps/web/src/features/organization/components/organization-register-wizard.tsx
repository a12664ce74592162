import { Button, ColorInput, Paper, Stack, Stepper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CreatedOrganization } from '@prumo/contract/organizations';
import { FinishOrganizationRegisterSchema, OrganizationCreateSchema } from '@prumo/domain/account/schemas';
import { formatCnpj } from '@prumo/domain/br/cnpj';
import { useMemo, useState } from 'react';
import { AccountCreated } from '../../../components/account-created';
import { ChallengePrompt } from '../../../components/challenge-prompt';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { createEmptyPersonValues, PersonFormFields, personFormFields } from '../../../components/person-form-fields';
import { buildAbsoluteUrl, paths } from '../../../config/paths';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { defaultBrand } from '../../../lib/theme';
import { useCreateOrganization } from '../api/create-organization';
import { useFinishOrganizationRegister } from '../api/finish-organization-register';

const organizationValidator = createSchemaValidator(OrganizationCreateSchema);
const organizationFields = ['name', 'corporate_name', 'cnpj', 'slug', 'primary_color'];

/** A slug suggestion from the name: lower case, no accents, hyphens between words. */
function suggestSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
}

/** /cadastro/organizacao: the organization, then its first manager, then "confirm your e-mail". */
export function OrganizationRegisterWizard() {
  const [step, setStep] = useState(0);
  const [organization, setOrganization] = useState<CreatedOrganization | null>(null);
  const [managerEmail, setManagerEmail] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <Stack gap={4} ta="center">
        <Title order={1} size="h2">
          Cadastro de organização
        </Title>
        <Text size="sm" c="dimmed">
          Crie o espaço da sua empresa no Prumo e o acesso do primeiro gestor.
        </Text>
      </Stack>
      <Stepper active={step} allowNextStepsSelect={false} size="sm">
        <Stepper.Step label="Organização" description="Dados da empresa" allowStepSelect={false}>
          <OrganizationStep
            onCreated={(created) => {
              setOrganization(created);
              setStep(1);
            }}
          />
        </Stepper.Step>
        <Stepper.Step label="Gestor" description="Primeiro acesso" allowStepSelect={false}>
          {organization ? (
            <ManagerStep
              organization={organization}
              onCreated={(email) => {
                setManagerEmail(email);
                setStep(2);
              }}
            />
          ) : null}
        </Stepper.Step>
        <Stepper.Completed>
          {organization && managerEmail ? (
            <AccountCreated
              organization={organization.slug}
              email={managerEmail}
              loginHref={paths.organization.login.getHref(organization.slug)}
            />
          ) : null}
        </Stepper.Completed>
      </Stepper>
    </Stack>
  );
}

function OrganizationStep({ onCreated }: { onCreated: (organization: CreatedOrganization) => void }) {
  const mutation = useCreateOrganization();
  const [slugEdited, setSlugEdited] = useState(false);
  const form = useForm({
    initialValues: {
      name: '',
      corporate_name: '',
      cnpj: '',
      slug: '',
      primary_color: `#${defaultBrand.primaryColor}`,
    },
    validate: organizationValidator.validate,
    validateInputOnBlur: true,
  });

  const slug = form.values.slug;
  const nameInputProperties = form.getInputProps('name');
  const slugInputProperties = form.getInputProps('slug');

  const handleSubmit = form.onSubmit((values) => {
    const parsed = organizationValidator.parse(values);
    if (!parsed.success) return;
    mutation.mutate(parsed.data, {
      onSuccess: onCreated,
      onError: createFormMutationErrorHandler(form, { fields: organizationFields }),
    });
  });

  return (
    <Paper withBorder p="lg" mt="md">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Nome da organização"
            {...nameInputProperties}
            onChange={(event) => {
              const name = event.currentTarget.value;
              form.setFieldValue('name', name);
              if (!slugEdited) form.setFieldValue('slug', suggestSlug(name));
            }}
          />
          <TextInput label="Razão social" {...form.getInputProps('corporate_name')} />
          <MaskedTextInput
            label="CNPJ"
            placeholder="00.000.000/0000-00"
            format={formatCnpj}
            {...form.getInputProps('cnpj')}
          />
          <TextInput
            label="Endereço"
            description={`Endereço de login: ${buildAbsoluteUrl(`/${slug || 'sua-empresa'}/login`)}`}
            {...slugInputProperties}
            onChange={(event) => {
              setSlugEdited(true);
              form.setFieldValue('slug', event.currentTarget.value.toLowerCase());
            }}
          />
          <ColorInput
            label="Cor primária"
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps('primary_color')}
          />
          <ChallengePrompt error={mutation.error} />
          <Button type="submit" loading={mutation.isPending}>
            Continuar
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function ManagerStep({
  organization,
  onCreated,
}: {
  organization: CreatedOrganization;
  onCreated: (email: string) => void;
}) {
  const mutation = useFinishOrganizationRegister();
  const validator = useMemo(
    () =>
      createSchemaValidator(FinishOrganizationRegisterSchema, {
        context: { token: organization.registration_token },
        confirmations: [['password1', 'password2']],
      }),
    [organization.registration_token],
  );
  const form = useForm({
    initialValues: createEmptyPersonValues(true),
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) {
      notifyError(parsed.message);
      return;
    }
    mutation.mutate(
      { slug: organization.slug, body: parsed.data },
      {
        onSuccess: () => {
          notifySuccess('Conta criada');
          onCreated(parsed.data.email);
        },
        onError: createFormMutationErrorHandler(form, { fields: personFormFields }),
      },
    );
  });

  return (
    <Paper withBorder p="lg" mt="md">
      <Text size="sm" mb="md">
        Organização <strong>{organization.name}</strong> criada. Agora cadastre o primeiro gestor, que vai entrar em{' '}
        <strong>{buildAbsoluteUrl(paths.organization.login.getHref(organization.slug))}</strong>.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <PersonFormFields form={form} withCpf />
          <ChallengePrompt error={mutation.error} />
          <Button type="submit" loading={mutation.isPending}>
            Cadastrar
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
