import { z } from 'zod';
import { isValidCnpj } from '../br/cnpj';
import { isValidCpf } from '../br/cpf';
import { parseBrazilianDate } from '../br/date';
import { keepDigits } from '../br/digits';
import { validationMessages as messages } from './messages';

/** Field rules, each with its pt-BR message; shared by the forms and the API. */

// The "stricter pattern": something@domain.tld, no spaces.
const strictEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EmailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, { message: messages.emailRequired, abort: true })
  .refine((value) => value.includes('@'), { message: messages.emailInvalid, abort: true })
  .refine((value) => strictEmailPattern.test(value), { message: messages.emailInvalid, abort: true })
  .transform((value) => value.toLowerCase());

export const PersonNameSchema = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(3, { message: messages.nameRequired, abort: true })
  .max(149, { message: messages.nameTooLong, abort: true });

export const PasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, { message: messages.passwordRequired, abort: true })
  .min(8, { message: messages.passwordTooShort, abort: true })
  .refine((value) => !/^\p{Nd}+$/u.test(value.trim()), { message: messages.passwordAllDigits, abort: true });

/** Accepts the mask "(11) 99999-9999" or plain digits; stores digits. */
export const PhoneSchema = z
  .string({ error: messages.phoneInvalid })
  .trim()
  .refine((value) => /^[\d\s()+-]*$/.test(value), { message: messages.phoneDigitsOnly, abort: true })
  .refine(
    (value) => {
      const length = keepDigits(value).length;
      return length >= 10 && length <= 11;
    },
    { message: messages.phoneInvalid, abort: true },
  )
  .transform(keepDigits);

export const HousePhoneSchema = z
  .string()
  .trim()
  .refine((value) => keepDigits(value).length <= 11, { message: messages.phoneInvalid, abort: true })
  .transform(keepDigits);

export const CpfSchema = z
  .string({ error: messages.cpfRequired })
  .trim()
  .min(1, { message: messages.cpfRequired, abort: true })
  .refine(isValidCpf, { message: messages.cpfInvalid, abort: true })
  .transform(keepDigits);

export const CnpjSchema = z
  .string({ error: messages.cnpjRequired })
  .trim()
  .min(1, { message: messages.cnpjRequired, abort: true })
  .refine(isValidCnpj, { message: messages.cnpjInvalid, abort: true })
  .transform(keepDigits);

export const CepSchema = z
  .string({ error: messages.required })
  .trim()
  .min(8, { message: messages.required, abort: true })
  .refine((value) => keepDigits(value).length === 8, { message: messages.required, abort: true })
  .transform(keepDigits);

export const RequiredTextSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true });

export const StateSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true })
  .length(2, { message: messages.stateLength, abort: true });

export const BrazilianDateSchema = z
  .string({ error: messages.dateInvalid })
  .refine((value) => parseBrazilianDate(value) !== null, { message: messages.dateInvalid, abort: true })
  .transform((value) => parseBrazilianDate(value) as string);

export const OptionalBrazilianDateSchema = z
  .string()
  .refine((value) => value === '' || parseBrazilianDate(value) !== null, { message: messages.dateInvalid, abort: true })
  .transform((value) => (value === '' ? null : parseBrazilianDate(value)));

export const CorporateNameSchema = z
  .string({ error: messages.corporateNameTooShort })
  .trim()
  .min(5, { message: messages.corporateNameTooShort, abort: true })
  .max(200, { message: messages.nameTooLong, abort: true });

/** Theme colours are hex without '#'; a leading '#' typed by someone is dropped. */
export const HexColorSchema = z
  .string({ error: messages.colorInvalid })
  .trim()
  .transform((value) => value.replace(/^#/, '').toLowerCase())
  .refine((value) => /^[0-9a-f]{6}$/.test(value), { message: messages.colorInvalid, abort: true });

export const OrganizationSlugSchema = z
  .string({ error: messages.slugInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, { message: messages.slugInvalid, abort: true })
  .refine((value) => value.length >= 2, { message: messages.slugInvalid, abort: true });

/** Redirect links get 'https://' when typed without a scheme. */
export function normalizeRedirectLink(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Adds the confirmation rule: equal to the password, and at least 3 characters. */
export function refinePasswordConfirmation<T extends Record<string, unknown>>(
  passwordField: keyof T & string,
  confirmationField: keyof T & string,
) {
  return (value: T, context: z.RefinementCtx) => {
    const password = value[passwordField];
    const confirmation = value[confirmationField];
    if (typeof confirmation !== 'string' || confirmation.length < 3 || confirmation !== password) {
      context.addIssue({ code: 'custom', message: messages.passwordsDiffer, path: [confirmationField] });
    }
  };
}
