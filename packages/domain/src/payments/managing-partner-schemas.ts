import { z } from 'zod';
import {
  CepSchema,
  CpfSchema,
  EmailSchema,
  PersonNameSchema,
  PhoneSchema,
  RequiredTextSchema,
  StateSchema,
} from '../account/fields';
import { describeLengthLimit, validationMessages } from '../account/messages';
import { isValidCnpj } from '../br/cnpj';
import { findTodayInBrazil, parseDay } from '../br/date';
import { keepDigits } from '../br/digits';
import { isBrazilianState } from '../br/states';

/** A managing partner (sócio administrador) of the organization: the card gateway asks for them to know who it pays. */
export const adultAge = 18;

export const managingPartnerMessages = {
  cnpjInvalid: validationMessages.cnpjInvalid,
  birthdateInFuture: 'A data de nascimento não pode estar no futuro.',
  birthdateUnderage: `O sócio administrador precisa ter ${adultAge} anos ou mais.`,
  stateUnknown: 'Estado inválido: use a sigla da UF (ex.: SP).',
};

/**
 * The birthdate's fault on `today` (both "YYYY-MM-DD", in Brazil), or null when the person is an
 * adult born on a real day: 18 on their 18th birthday; born on 29 February, on 1 March in other years.
 */
export function checkPartnerBirthdate(birthdate: string, today: string): string | null {
  if (birthdate > today) return managingPartnerMessages.birthdateInFuture;
  const [birthYear, birthMonth, birthDay] = birthdate.split('-').map(Number) as [number, number, number];
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const hadBirthdayThisYear = month > birthMonth || (month === birthMonth && day >= birthDay);
  const age = year - birthYear - (hadBirthdayThisYear ? 0 : 1);
  return age >= adultAge ? null : managingPartnerMessages.birthdateUnderage;
}

function buildAddressTextSchema(maximum: number) {
  return RequiredTextSchema.max(maximum, { message: describeLengthLimit(maximum), abort: true });
}

/** The partner's address, the fields the gateway takes; the UF is kept in capitals ("SP"). */
export const PartnerAddressSchema = z.object({
  street: buildAddressTextSchema(200),
  street_number: buildAddressTextSchema(20),
  complementary: z
    .union([z.string().trim().max(100, describeLengthLimit(100)), z.null()], { error: 'Informe um texto.' })
    .optional()
    .transform((value) => value || null),
  neighborhood: buildAddressTextSchema(100),
  city: buildAddressTextSchema(100),
  state: StateSchema.refine(isBrazilianState, { message: managingPartnerMessages.stateUnknown, abort: true }).transform(
    (value) => value.toUpperCase(),
  ),
  zipcode: CepSchema,
});
export type PartnerAddress = z.output<typeof PartnerAddressSchema>;

/** An optional CNPJ: left out, null or blank is none; anything else must be a valid CNPJ. */
const OptionalCnpjSchema = z
  .union([z.string().trim(), z.null()], { error: managingPartnerMessages.cnpjInvalid })
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isValidCnpj(value), managingPartnerMessages.cnpjInvalid)
  .transform((value) => (value === null ? null : keepDigits(value)));

/**
 * A birthdate as "dd/mm/aaaa" or "YYYY-MM-DD", kept as "YYYY-MM-DD": a real day, not after today
 * and of an adult, today being read (in Brazil) when the value is checked.
 */
export function buildBirthdateSchema(readToday: () => string = () => findTodayInBrazil(new Date())) {
  return z
    .string({ error: validationMessages.dateInvalid })
    .refine((value) => parseDay(value) !== null, { message: validationMessages.dateInvalid, abort: true })
    .transform((value) => parseDay(value) as string)
    .superRefine((birthdate, context) => {
      const fault = checkPartnerBirthdate(birthdate, readToday());
      if (fault) context.addIssue({ code: 'custom', message: fault });
    });
}

/**
 * Every field the gateway asks of a managing partner is required here (name, e-mail, CPF,
 * birthdate, phone, address); the CNPJ (of the partner's own company) and the address complement
 * are not.
 */
export function buildManagingPartnerSchema(readToday?: () => string) {
  return z.object({
    name: PersonNameSchema,
    email: EmailSchema,
    cpf: CpfSchema,
    cnpj: OptionalCnpjSchema,
    birthdate: buildBirthdateSchema(readToday),
    phone: PhoneSchema,
    address: PartnerAddressSchema,
  });
}

export const ManagingPartnerSchema = buildManagingPartnerSchema();
export type ManagingPartnerInput = z.input<typeof ManagingPartnerSchema>;
export type ManagingPartnerFields = z.output<typeof ManagingPartnerSchema>;
