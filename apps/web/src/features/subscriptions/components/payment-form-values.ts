import type { CepAddress } from '@prumo/contract/cep-lookup';
import type { AcceptSubscriptionSchema } from '@prumo/contract/subscriptions';
import { validationMessages } from '@prumo/domain/account/messages';
import { cepMessages, formatCep, parseCep } from '@prumo/domain/br/cep';
import { formatCpf, isValidCpf } from '@prumo/domain/br/cpf';
import { keepDigits } from '@prumo/domain/br/digits';
import { isBrazilianState } from '@prumo/domain/br/states';
import { isValidCardNumber } from '@prumo/domain/payments/card-number';
import { gatewayErrorMessages } from '@prumo/domain/payments/gateway-errors';
import type { z } from 'zod';
import type { CardToTokenize } from '../../../lib/card-tokenization';

/** The payment form's pure parts: masks, what it requires, the body it sends and the CEP fill. */

export type AcceptSubscriptionBody = z.input<typeof AcceptSubscriptionSchema>;

/** What the form warns when something required is missing or wrong. */
export const paymentFormWarning = 'Preencha corretamente os campos obrigatórios';

export const paymentFieldMessages = {
  required: validationMessages.requiredShort,
  cpfRequired: validationMessages.cpfRequired,
  cpfInvalid: validationMessages.cpfInvalid,
  cepInvalid: cepMessages.invalid,
  stateLength: validationMessages.stateLength,
  stateUnknown: 'Estado inválido: use a sigla da UF (ex.: SP).',
  cardNumberInvalid: gatewayErrorMessages.invalidCardNumber,
  expiryInvalid: 'Validade inválida: use MM/AA',
  cardExpired: gatewayErrorMessages.cardExpired,
  cvvInvalid: 'O CVV tem 3 dígitos',
} as const;

/** The country every address is sent with. */
export const defaultCountry = 'br';

/** A card as typed (masked), or a saved one: `savedCardId` is '' for a new card. */
export interface CardFormValues {
  savedCardId: string;
  holder_name: string;
  card_number: string;
  expiry: string;
  cvv: string;
}

export type CardFormField = keyof CardFormValues;

/** The payment form, everything as typed (masked). */
export interface PaymentFormValues extends CardFormValues {
  cpf: string;
  zipcode: string;
  street: string;
  street_number: string;
  complementary: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type PaymentFormField = keyof PaymentFormValues;

export function createEmptyPaymentValues(savedCardId = ''): PaymentFormValues {
  return {
    ...createEmptyCardValues(savedCardId),
    cpf: '',
    zipcode: '',
    street: '',
    street_number: '',
    complementary: '',
    neighborhood: '',
    city: '',
    state: '',
  };
}

// ——— Masks ———

export const formatCpfMask = formatCpf;
export const formatCepMask = formatCep;

/** #### #### #### ####: 16 digits in groups of four. */
export function formatCardNumberMask(value: string): string {
  return keepDigits(value)
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** ##/##: month and year of the card's expiry. */
export function formatExpiryMask(value: string): string {
  const digits = keepDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** ###: the card's 3-digit security code. */
export function formatCvvMask(value: string): string {
  return keepDigits(value).slice(0, 3);
}

// ——— Reading ———

/** "07/31" → month 7 of 2031; null when it is no month of a year. */
export function readExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpiryPast(expiry: { month: number; year: number }, now: Date): boolean {
  const year = now.getFullYear();
  const month = now.getMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

// ——— Validation ———

function isBlank(value: string): boolean {
  return value.trim() === '';
}

export function createEmptyCardValues(savedCardId = ''): CardFormValues {
  return { savedCardId, holder_name: '', card_number: '', expiry: '', cvv: '' };
}

/** The message under each card field that fails; none when a saved card is chosen. */
export function validateCardForm(
  values: CardFormValues,
  now: Date = new Date(),
): Partial<Record<CardFormField, string>> {
  const errors: Partial<Record<CardFormField, string>> = {};
  if (values.savedCardId !== '') return errors;
  if (isBlank(values.holder_name)) errors.holder_name = paymentFieldMessages.required;
  const cardDigits = keepDigits(values.card_number);
  if (!cardDigits) errors.card_number = paymentFieldMessages.required;
  else if (!isValidCardNumber(cardDigits)) errors.card_number = paymentFieldMessages.cardNumberInvalid;
  if (isBlank(values.expiry)) errors.expiry = paymentFieldMessages.required;
  else {
    const expiry = readExpiry(values.expiry);
    if (!expiry) errors.expiry = paymentFieldMessages.expiryInvalid;
    else if (isExpiryPast(expiry, now)) errors.expiry = paymentFieldMessages.cardExpired;
  }
  if (isBlank(values.cvv)) errors.cvv = paymentFieldMessages.required;
  else if (!/^\d{3}$/.test(values.cvv)) errors.cvv = paymentFieldMessages.cvvInvalid;
  return errors;
}

/**
 * The message under each field that fails, none when the form may be sent. Required: CPF, CEP,
 * neighborhood, street, number and, for a new card, its holder, number, expiry and CVV; city and
 * state too, which the CEP lookup fills, since the gateway cannot charge an address without them.
 */
export function validatePaymentForm(
  values: PaymentFormValues,
  now: Date = new Date(),
): Partial<Record<PaymentFormField, string>> {
  const errors: Partial<Record<PaymentFormField, string>> = {};
  if (isBlank(values.cpf)) errors.cpf = paymentFieldMessages.cpfRequired;
  else if (!isValidCpf(values.cpf)) errors.cpf = paymentFieldMessages.cpfInvalid;
  if (isBlank(values.zipcode)) errors.zipcode = paymentFieldMessages.required;
  else if (parseCep(values.zipcode) === null) errors.zipcode = paymentFieldMessages.cepInvalid;
  if (isBlank(values.neighborhood)) errors.neighborhood = paymentFieldMessages.required;
  if (isBlank(values.street)) errors.street = paymentFieldMessages.required;
  if (isBlank(values.street_number)) errors.street_number = paymentFieldMessages.required;
  if (isBlank(values.city)) errors.city = paymentFieldMessages.required;
  if (isBlank(values.state)) errors.state = paymentFieldMessages.required;
  else if (values.state.trim().length !== 2) errors.state = paymentFieldMessages.stateLength;
  else if (!isBrazilianState(values.state)) errors.state = paymentFieldMessages.stateUnknown;
  return { ...errors, ...validateCardForm(values, now) };
}

// ——— What is sent ———

/** The card as the gateway takes it: the number in digits only, the year in four digits. */
export function buildCardToTokenize(values: CardFormValues): CardToTokenize {
  const expiry = readExpiry(values.expiry);
  if (!expiry) throw new RangeError('the expiry was not validated');
  return {
    number: keepDigits(values.card_number),
    holder_name: values.holder_name.trim(),
    exp_month: expiry.month,
    exp_year: expiry.year,
    cvv: values.cvv,
  };
}

/** How the card is paid: a fresh token from the gateway, or a saved card's id. */
export type PaymentCard = { card_token: string } | { creditCard: number };

/**
 * POST payment/subscriptions/{id}/accept/'s body: the CPF and zipcode in digits, the state in
 * lower case, the country `br`, the complement only when filled.
 */
export function buildAcceptBody(values: PaymentFormValues, card: PaymentCard): AcceptSubscriptionBody {
  const complementary = values.complementary.trim();
  return {
    accepts: true,
    cpf: keepDigits(values.cpf),
    address: {
      city: values.city.trim(),
      ...(complementary ? { complementary } : {}),
      country: defaultCountry,
      neighborhood: values.neighborhood.trim(),
      state: values.state.trim().toLowerCase(),
      street: values.street.trim(),
      street_number: values.street_number.trim(),
      zipcode: values.zipcode.trim().replace('-', ''),
    },
    ...card,
  };
}

// ——— CEP lookup ———

/** The lookup runs once the CEP is typed whole: "#####-###" has 9 characters. */
export function isCepReadyForLookup(zipcode: string): boolean {
  return zipcode.trim().length >= 9 && parseCep(zipcode) !== null;
}

/**
 * The address fields a CEP's answer fills: city, neighborhood, street and the state in lower case.
 * A CEP that covers a whole town has no neighborhood or street: what was typed there stays.
 */
export function fillAddressFromCep(
  address: CepAddress,
): Partial<Pick<PaymentFormValues, 'city' | 'neighborhood' | 'street' | 'state'>> {
  return {
    city: address.city,
    state: address.state.toLowerCase(),
    ...(address.neighborhood ? { neighborhood: address.neighborhood } : {}),
    ...(address.street ? { street: address.street } : {}),
  };
}
