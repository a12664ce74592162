import { PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatCpf } from '@prumo/domain/br/cpf';
import { formatPhone } from '@prumo/domain/br/phone';
import { MaskedTextInput } from './masked-text-input';

/** The person fields of every sign-up form (user registration, first manager of an organization). */
export interface PersonFormValues {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  cpf?: string;
  password1: string;
  password2: string;
}

export const personFormFields = ['email', 'first_name', 'last_name', 'phone', 'cpf', 'password1', 'password2'];

export function createEmptyPersonValues(withCpf: boolean): PersonFormValues {
  const values: PersonFormValues = {
    email: '',
    first_name: '',
    last_name: '',
    phone: '',
    password1: '',
    password2: '',
  };
  return withCpf ? { ...values, cpf: '' } : values;
}

export function PersonFormFields({ form, withCpf }: { form: UseFormReturnType<PersonFormValues>; withCpf: boolean }) {
  return (
    <Stack gap="sm">
      <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Nome" autoComplete="given-name" {...form.getInputProps('first_name')} />
        <TextInput label="Sobrenome" autoComplete="family-name" {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: withCpf ? 2 : 1 }} spacing="sm">
        <MaskedTextInput
          label="Telefone"
          placeholder="(11) 98765-4321"
          autoComplete="tel-national"
          format={formatPhone}
          {...form.getInputProps('phone')}
        />
        {withCpf ? (
          <MaskedTextInput label="CPF" placeholder="000.000.000-00" format={formatCpf} {...form.getInputProps('cpf')} />
        ) : null}
      </SimpleGrid>
      <PasswordInput
        label="Senha"
        description="Mínimo 8 caracteres"
        autoComplete="new-password"
        {...form.getInputProps('password1')}
      />
      <PasswordInput label="Confirmar senha" autoComplete="new-password" {...form.getInputProps('password2')} />
    </Stack>
  );
}
