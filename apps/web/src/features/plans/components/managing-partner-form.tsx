import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ManagingPartner } from '@prumo/contract/plans';
import { formatCep } from '@prumo/domain/br/cep';
import { formatCnpj } from '@prumo/domain/br/cnpj';
import { formatCpf } from '@prumo/domain/br/cpf';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatPhone } from '@prumo/domain/br/phone';
import { brazilianStates } from '@prumo/domain/br/states';
import { ManagingPartnerSchema } from '@prumo/domain/payments/managing-partner-schemas';
import { FormActions } from '../../../components/form-dialog';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { createSchemaValidator } from '../../../lib/form-validation';
import { formatDateMask } from '../../../lib/format';
import { showFormMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useSaveManagingPartner } from '../api/save-managing-partner';

interface ManagingPartnerFormValues {
  name: string;
  email: string;
  cpf: string;
  cnpj: string;
  /** dd/mm/aaaa */
  birthdate: string;
  phone: string;
  address: {
    street: string;
    street_number: string;
    complementary: string;
    neighborhood: string;
    city: string;
    state: string;
    zipcode: string;
  };
}

const validator = createSchemaValidator(ManagingPartnerSchema);
const stateOptions = [...brazilianStates];
const addressFields = ['street', 'street_number', 'complementary', 'neighborhood', 'city', 'state', 'zipcode'];

function buildValues(partner: ManagingPartner | null): ManagingPartnerFormValues {
  if (!partner) {
    return {
      name: '',
      email: '',
      cpf: '',
      cnpj: '',
      birthdate: '',
      phone: '',
      address: { street: '', street_number: '', complementary: '', neighborhood: '', city: '', state: '', zipcode: '' },
    };
  }
  return {
    name: partner.name,
    email: partner.email,
    cpf: formatCpf(partner.cpf),
    cnpj: partner.cnpj ? formatCnpj(partner.cnpj) : '',
    birthdate: formatBrazilianDate(partner.birthdate),
    phone: formatPhone(partner.phone),
    address: {
      ...partner.address,
      complementary: partner.address.complementary ?? '',
      zipcode: formatCep(partner.address.zipcode),
    },
  };
}

/** A managing partner: the fields marked required are the ones the card gateway asks for. */
export function ManagingPartnerForm({ partner, onDone }: { partner: ManagingPartner | null; onDone: () => void }) {
  const save = useSaveManagingPartner();
  const form = useForm<ManagingPartnerFormValues>({
    initialValues: buildValues(partner),
    validate: validator.validate,
    validateInputOnBlur: true,
  });
  const handleSubmit = form.onSubmit((values) => {
    save.mutate(
      { id: partner?.id ?? null, body: values },
      {
        onSuccess: () => {
          notifySuccess(partner ? 'Sócio administrador atualizado' : 'Sócio administrador cadastrado');
          onDone();
        },
        onError: (error) =>
          showFormMutationError(error, form, {
            fields: [...Object.keys(values), ...addressFields.map((field) => `address.${field}`)],
          }),
      },
    );
  });
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={partner ? 'Editar sócio administrador' : 'Novo sócio administrador'}
    >
      <Stack gap="sm">
        <TextInput label="Nome completo" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label="E-mail" required type="email" autoComplete="off" {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MaskedTextInput
            label="CPF"
            required
            placeholder="000.000.000-00"
            format={formatCpf}
            {...form.getInputProps('cpf')}
          />
          <MaskedTextInput
            label="CNPJ"
            description="Opcional"
            placeholder="00.000.000/0000-00"
            format={formatCnpj}
            {...form.getInputProps('cnpj')}
          />
          <MaskedTextInput
            label="Data de nascimento"
            required
            placeholder="dd/mm/aaaa"
            format={formatDateMask}
            {...form.getInputProps('birthdate')}
          />
          <MaskedTextInput
            label="Telefone"
            required
            placeholder="(11) 98765-4321"
            format={formatPhone}
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <Text size="sm" fw={500}>
          Endereço
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MaskedTextInput
            label="CEP"
            required
            placeholder="00000-000"
            format={formatCep}
            {...form.getInputProps('address.zipcode')}
          />
          <TextInput label="Rua" required {...form.getInputProps('address.street')} />
          <TextInput label="Número" required {...form.getInputProps('address.street_number')} />
          <TextInput label="Complemento" {...form.getInputProps('address.complementary')} />
          <TextInput label="Bairro" required {...form.getInputProps('address.neighborhood')} />
          <TextInput label="Cidade" required {...form.getInputProps('address.city')} />
          <Select
            label="Estado"
            required
            searchable
            data={stateOptions}
            value={form.values.address.state.toUpperCase() || null}
            onChange={(value) => form.setFieldValue('address.state', value ?? '')}
            error={form.errors['address.state']}
          />
        </SimpleGrid>
        <FormActions saving={save.isPending} saveLabel="Salvar sócio" onCancel={onDone} />
      </Stack>
    </form>
  );
}
