import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Persona } from '@prumo/contract/profiles';
import { ProfileEditSchema } from '@prumo/domain/account/schemas';
import { formatPhone } from '@prumo/domain/br/phone';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { SectionHeader } from '../../../components/section-header';
import { createSchemaValidator } from '../../../lib/form-validation';
import { createFormMutationErrorHandler } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useEditProfile } from '../api/edit-profile';

const validator = createSchemaValidator(ProfileEditSchema);
const formFields = ['first_name', 'last_name', 'phone'];

export function ProfileDataForm({ persona }: { persona: Persona }) {
  const mutation = useEditProfile();
  const form = useForm({
    initialValues: {
      first_name: persona.first_name,
      last_name: persona.last_name,
      phone: formatPhone(persona.phone ?? ''),
    },
    validate: validator.validate,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit((values) => {
    const parsed = validator.parse(values);
    if (!parsed.success) return;
    mutation.mutate(
      { data: parsed.data },
      {
        onSuccess: (updated) => {
          form.setInitialValues({
            first_name: updated.first_name,
            last_name: updated.last_name,
            phone: formatPhone(updated.phone ?? ''),
          });
          form.resetDirty();
          notifySuccess('Perfil atualizado');
        },
        onError: createFormMutationErrorHandler(form, { fields: formFields }),
      },
    );
  });

  return (
    <Paper withBorder p="md">
      <SectionHeader title="Dados pessoais" />
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            value={persona.email}
            readOnly
            disabled
            description="O e-mail não pode ser alterado."
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Nome" autoComplete="given-name" {...form.getInputProps('first_name')} />
            <TextInput label="Sobrenome" autoComplete="family-name" {...form.getInputProps('last_name')} />
          </SimpleGrid>
          <MaskedTextInput
            label="Telefone"
            autoComplete="tel-national"
            format={formatPhone}
            {...form.getInputProps('phone')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Salvar alterações
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
