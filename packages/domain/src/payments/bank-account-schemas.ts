import { z } from 'zod';
import { CnpjSchema, CpfSchema } from '../account/fields';
import { validationMessages } from '../account/messages';
import { findBankByCode, normalizeBankCode } from '../banks/brazilian-banks';

/**
 * The account the card gateway pays an organization into, with the gateway's own field names
 * (a recipient's `default_bank_account`), so it is sent as it is stored.
 */
export const bankHolderTypes = ['individual', 'company'] as const;
export type BankHolderType = (typeof bankHolderTypes)[number];

export const bankHolderTypeLabels: Record<BankHolderType, string> = {
  individual: 'Pessoa física',
  company: 'Pessoa jurídica',
};

export const bankAccountTypes = ['checking', 'savings'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

export const bankAccountTypeLabels: Record<BankAccountType, string> = {
  checking: 'Conta corrente',
  savings: 'Conta poupança',
};

/** The gateway keeps a short holder name: longer ones are refused there, so they are refused here first. */
export const maximumHolderNameLength = 30;

export const bankAccountMessages = {
  holderNameLength: `O nome do titular deve ter de 2 a ${maximumHolderNameLength} caracteres.`,
  holderTypeInvalid: 'Tipo de titular inválido: use pessoa física ou pessoa jurídica.',
  bankRequired: validationMessages.bankRequired,
  bankUnknown: 'Banco não encontrado: escolha um banco da lista.',
  branchNumber: 'Agência inválida: use até 4 dígitos.',
  branchCheckDigit: 'Dígito da agência inválido: use 1 letra ou número.',
  accountNumber: 'Conta inválida: use até 13 dígitos.',
  accountCheckDigit: 'Dígito da conta inválido: use 1 ou 2 letras ou números.',
  typeInvalid: 'Tipo de conta inválido: use conta corrente ou poupança.',
  isDefault: 'Informe verdadeiro ou falso.',
};

function buildPatternSchema(pattern: RegExp, message: string) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? validationMessages.required : message) })
    .trim()
    .min(1, { message: validationMessages.required, abort: true })
    .regex(pattern, { message, abort: true });
}

/** A bank's code as GET bank/ lists it ("001"); "1" and "0001" name the same bank. */
export const BankCodeSchema = z
  .string({ error: bankAccountMessages.bankRequired })
  .trim()
  .min(1, { message: bankAccountMessages.bankRequired, abort: true })
  .refine((code) => findBankByCode(code) !== null, { message: bankAccountMessages.bankUnknown, abort: true })
  .transform((code) => normalizeBankCode(code) as string);

/** An optional check digit: left out, null or blank is none. */
const BranchCheckDigitSchema = z
  .union([z.string().trim(), z.null()], { error: bankAccountMessages.branchCheckDigit })
  .optional()
  .transform((value) => (value ? value.toUpperCase() : null))
  .refine((value) => value === null || /^[0-9A-Z]$/.test(value), bankAccountMessages.branchCheckDigit);

const accountFields = {
  holder_name: z
    .string({ error: validationMessages.required })
    .trim()
    .min(1, { message: validationMessages.required, abort: true })
    .min(2, { message: bankAccountMessages.holderNameLength, abort: true })
    .max(maximumHolderNameLength, { message: bankAccountMessages.holderNameLength, abort: true }),
  bank: BankCodeSchema,
  branch_number: buildPatternSchema(/^\d{1,4}$/, bankAccountMessages.branchNumber),
  branch_check_digit: BranchCheckDigitSchema,
  account_number: buildPatternSchema(/^\d{1,13}$/, bankAccountMessages.accountNumber),
  account_check_digit: buildPatternSchema(/^[0-9a-zA-Z]{1,2}$/, bankAccountMessages.accountCheckDigit).transform(
    (value) => value.toUpperCase(),
  ),
  type: z.enum(bankAccountTypes, { error: bankAccountMessages.typeInvalid }),
  /** Makes this the organization's default account (the gateway's `default_bank_account`). */
  is_default: z.boolean({ error: bankAccountMessages.isDefault }).optional(),
};

/**
 * A bank account as a manager types it: the holder's document is a CPF for a person and a CNPJ for
 * a company, with the CPF's and CNPJ's own messages; documents are kept as digits.
 */
export const BankAccountSchema = z.discriminatedUnion(
  'holder_type',
  [
    z.object({ holder_type: z.literal('individual'), holder_document: CpfSchema, ...accountFields }),
    z.object({ holder_type: z.literal('company'), holder_document: CnpjSchema, ...accountFields }),
  ],
  { error: bankAccountMessages.holderTypeInvalid },
);
export type BankAccountInput = z.input<typeof BankAccountSchema>;
export type BankAccountFields = z.output<typeof BankAccountSchema>;
