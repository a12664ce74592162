import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { BankAccount } from '@prumo/contract/plans';
import { formatCnpj } from '@prumo/domain/br/cnpj';
import { formatCpf } from '@prumo/domain/br/cpf';
import { keepDigits } from '@prumo/domain/br/digits';
import {
  BankAccountSchema,
  type BankAccountType,
  type BankHolderType,
  bankAccountTypeLabels,
  bankAccountTypes,
  bankHolderTypeLabels,
  bankHolderTypes,
  maximumHolderNameLength,
} from '@prumo/domain/payments/bank-account-schemas';
import { FormActions } from '../../../components/form-dialog';
import { MaskedTextInput } from '../../../components/masked-text-input';
import { createSchemaValidator } from '../../../lib/form-validation';
import { showFormMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useBanks } from '../api/get-banks';
import { useSaveBankAccount } from '../api/save-bank-account';

interface BankAccountFormValues {
  holder_name: string;
  holder_type: BankHolderType;
  holder_document: string;
  bank: string;
  branch_number: string;
  branch_check_digit: string;
  account_number: string;
  account_check_digit: string;
  type: BankAccountType;
  is_default: boolean;
}

const validator = createSchemaValidator(BankAccountSchema);
const holderTypeOptions = bankHolderTypes.map((type) => ({ value: type, label: bankHolderTypeLabels[type] }));
const accountTypeOptions = bankAccountTypes.map((type) => ({ value: type, label: bankAccountTypeLabels[type] }));

function formatDocument(holderType: BankHolderType) {
  return holderType === 'company' ? formatCnpj : formatCpf;
}

function buildValues(account: BankAccount | null, isFirst: boolean): BankAccountFormValues {
  if (!account) {
    return {
      holder_name: '',
      holder_type: 'company',
      holder_document: '',
      bank: '',
      branch_number: '',
      branch_check_digit: '',
      account_number: '',
      account_check_digit: '',
      type: 'checking',
      is_default: isFirst,
    };
  }
  return {
    holder_name: account.holder_name,
    holder_type: account.holder_type,
    holder_document: formatDocument(account.holder_type)(account.holder_document),
    bank: account.bank,
    branch_number: account.branch_number,
    branch_check_digit: account.branch_check_digit ?? '',
    account_number: account.account_number,
    account_check_digit: account.account_check_digit,
    type: account.type,
    is_default: account.is_default,
  };
}

function keepCharacters(maximum: number, pattern: RegExp) {
  return (value: string) => value.replace(pattern, '').slice(0, maximum).toUpperCase();
}

/**
 * An account the gateway pays the organization into. The organization's first account is its
 * default; marking another one moves the default to it.
 */
export function BankAccountForm({
  account,
  isFirst,
  onDone,
}: {
  account: BankAccount | null;
  isFirst: boolean;
  onDone: () => void;
}) {
  const save = useSaveBankAccount();
  const banks = useBanks();
  const form = useForm<BankAccountFormValues>({
    initialValues: buildValues(account, isFirst),
    validate: validator.validate,
    validateInputOnBlur: true,
  });
  const { holder_type: holderType } = form.values;
  const bankOptions = (banks.data ?? []).map((bank) => ({ value: bank.code, label: `${bank.code} – ${bank.name}` }));
  const defaultLocked = isFirst || account?.is_default === true;
  const handleSubmit = form.onSubmit((values) => {
    save.mutate(
      { id: account?.id ?? null, body: values },
      {
        onSuccess: () => {
          notifySuccess(account ? 'Conta bancária atualizada' : 'Conta bancária cadastrada');
          onDone();
        },
        onError: (error) => showFormMutationError(error, form, { fields: Object.keys(values) }),
      },
    );
  });
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={account ? 'Editar conta bancária' : 'Nova conta bancária'}>
      <Stack gap="sm">
        <Select
          label="Titular"
          required
          allowDeselect={false}
          data={holderTypeOptions}
          value={holderType}
          onChange={(value) => {
            if (!value || value === holderType) return;
            form.setFieldValue('holder_type', value as BankHolderType);
            // A CPF is no CNPJ: the document is typed again for the other kind of holder.
            form.setFieldValue('holder_document', '');
          }}
        />
        <TextInput
          label="Nome do titular"
          required
          data-autofocus
          maxLength={maximumHolderNameLength}
          {...form.getInputProps('holder_name')}
        />
        <MaskedTextInput
          label={holderType === 'company' ? 'CNPJ do titular' : 'CPF do titular'}
          required
          placeholder={holderType === 'company' ? '00.000.000/0000-00' : '000.000.000-00'}
          format={formatDocument(holderType)}
          {...form.getInputProps('holder_document')}
        />
        <Select
          label="Banco"
          required
          searchable
          nothingFoundMessage="Nenhum banco encontrado"
          placeholder={banks.isPending ? 'Carregando bancos…' : 'Digite o nome ou o código'}
          data={bankOptions}
          value={form.values.bank || null}
          onChange={(value) => form.setFieldValue('bank', value ?? '')}
          error={form.errors.bank}
          onBlur={() => form.validateField('bank')}
        />
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <MaskedTextInput
            label="Agência"
            required
            placeholder="0000"
            format={(value) => keepDigits(value).slice(0, 4)}
            {...form.getInputProps('branch_number')}
          />
          <MaskedTextInput
            label="Dígito da agência"
            inputMode="text"
            format={keepCharacters(1, /[^0-9a-zA-Z]/g)}
            {...form.getInputProps('branch_check_digit')}
          />
          <MaskedTextInput
            label="Conta"
            required
            format={(value) => keepDigits(value).slice(0, 13)}
            {...form.getInputProps('account_number')}
          />
          <MaskedTextInput
            label="Dígito da conta"
            required
            inputMode="text"
            format={keepCharacters(2, /[^0-9a-zA-Z]/g)}
            {...form.getInputProps('account_check_digit')}
          />
        </SimpleGrid>
        <Select
          label="Tipo de conta"
          required
          allowDeselect={false}
          data={accountTypeOptions}
          value={form.values.type}
          onChange={(value) => value && form.setFieldValue('type', value as BankAccountType)}
        />
        <Checkbox
          label="Conta padrão para receber os pagamentos"
          description={defaultLocked ? 'A conta padrão muda quando outra conta é marcada como padrão.' : undefined}
          disabled={defaultLocked}
          {...form.getInputProps('is_default', { type: 'checkbox' })}
        />
        <FormActions saving={save.isPending} saveLabel="Salvar conta" onCancel={onDone} />
      </Stack>
    </form>
  );
}
