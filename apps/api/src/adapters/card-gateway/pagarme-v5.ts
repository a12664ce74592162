import { z } from 'zod';
import {
  type BillingAddress,
  type CardCharge,
  type CardChargeStatus,
  CardGatewayError,
  type ChargeCardInput,
  type GatewayCustomerInput,
  type RecipientBankAccount,
  type RecipientInput,
  type RecipientPartner,
  type SavedCard,
} from './card-gateway';

/**
 * Pagar.me API v5's bodies, as far as Prumo reads and writes them: the HTTP adapter sends and reads
 * these, and the embedded sandbox answers them, so both adapters map them the same way.
 */

export const PagarmeCustomerSchema = z.looseObject({ id: z.string() });

export const PagarmeRecipientSchema = z.looseObject({ id: z.string() });

export const PagarmeCardSchema = z.looseObject({
  id: z.string(),
  brand: z.string(),
  last_four_digits: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});

const PagarmeTransactionSchema = z.looseObject({
  status: z.string().optional(),
  acquirer_message: z.string().nullish(),
  acquirer_return_code: z.string().nullish(),
  gateway_response: z
    .looseObject({
      code: z.string().nullish(),
      errors: z.array(z.looseObject({ message: z.string() })).nullish(),
    })
    .nullish(),
});

export const PagarmeChargeSchema = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  status: z.string(),
  paid_at: z.string().nullish(),
  order: z.looseObject({ id: z.string() }).nullish(),
  last_transaction: PagarmeTransactionSchema.nullish(),
});
export type PagarmeCharge = z.infer<typeof PagarmeChargeSchema>;

export const PagarmeOrderSchema = z.looseObject({
  id: z.string(),
  charges: z.array(PagarmeChargeSchema).min(1),
});

export const PagarmeErrorBodySchema = z.looseObject({
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** The body of `POST /customers`: a person with a CPF. */
export function buildCustomerBody(input: GatewayCustomerInput) {
  return {
    code: input.code,
    name: input.name,
    email: input.email,
    document: input.document,
    document_type: 'CPF',
    type: 'individual',
  };
}

function buildAddressBody(address: BillingAddress) {
  return {
    line_1: address.line1,
    ...(address.line2 && { line_2: address.line2 }),
    zip_code: address.zipCode,
    city: address.city,
    state: address.state,
    country: address.country.toUpperCase(),
  };
}

/** The body of `POST /customers/{id}/cards` from a token. */
export function buildCardBody(input: { cardToken: string; billingAddress?: BillingAddress }) {
  return {
    token: input.cardToken,
    ...(input.billingAddress && { billing_address: buildAddressBody(input.billingAddress) }),
  };
}

/** The body of `POST /orders`: one item, one credit-card payment on a saved card, captured at once. */
export function buildOrderBody(input: ChargeCardInput) {
  return {
    customer_id: input.customerId,
    ...(input.code && { code: input.code }),
    items: [{ amount: input.amountCents, description: input.description, quantity: 1, code: input.code ?? 'prumo' }],
    payments: [
      {
        payment_method: 'credit_card',
        credit_card: { card_id: input.cardId, installments: 1, operation_type: 'auth_and_capture' },
      },
    ],
    ...(input.metadata && { metadata: input.metadata }),
    closed: true,
  };
}

export function readSavedCard(body: unknown): SavedCard {
  const card = PagarmeCardSchema.parse(body);
  return {
    id: card.id,
    brand: card.brand,
    lastFourDigits: card.last_four_digits,
    expMonth: card.exp_month,
    expYear: card.exp_year,
  };
}

/**
 * Pagar.me's charge states in Prumo's four: `pending`/`processing` (and `underpaid`, which waits for
 * the rest) are still processing; `overpaid` is paid; `chargedback` is money taken back, as a refund.
 */
const statusByPagarmeStatus: Record<string, CardChargeStatus> = {
  paid: 'paid',
  overpaid: 'paid',
  pending: 'processing',
  processing: 'processing',
  underpaid: 'processing',
  failed: 'failed',
  canceled: 'canceled',
  chargedback: 'canceled',
};

export function readCharge(body: unknown, orderId?: string): CardCharge {
  const charge = PagarmeChargeSchema.parse(body);
  const status = statusByPagarmeStatus[charge.status];
  if (!status) throw new CardGatewayError('unavailable', `Unknown charge status: ${charge.status}`);
  const transaction = charge.last_transaction;
  const gatewayError = transaction?.gateway_response?.errors?.[0]?.message;
  const message = transaction?.acquirer_message || gatewayError || 'Payment failed.';
  const code = transaction?.acquirer_return_code || transaction?.gateway_response?.code || null;
  return {
    id: charge.id,
    orderId: orderId ?? charge.order?.id ?? '',
    status,
    amountCents: charge.amount,
    failure: status === 'failed' ? { message, code } : null,
    paidAt: charge.paid_at ? new Date(charge.paid_at) : null,
  };
}

export function readOrderCharge(body: unknown): CardCharge {
  const order = PagarmeOrderSchema.parse(body);
  // Prumo's orders carry one payment, hence one charge; a retried payment's newest charge is last.
  return readCharge(order.charges.at(-1), order.id);
}

/** An HTTP refusal of Pagar.me (or of the sandbox) as the adapter's error. */
export function buildGatewayError(status: number, body: unknown): CardGatewayError {
  const parsed = PagarmeErrorBodySchema.safeParse(body);
  const message = (parsed.success && parsed.data.message) || `HTTP ${status}`;
  const fieldErrors = (parsed.success && parsed.data.errors) || {};
  if (status === 401 || status === 403) return new CardGatewayError('unauthorized', message, fieldErrors, status);
  if (status === 404) return new CardGatewayError('notFound', message, fieldErrors, status);
  if (status === 429 || status >= 500) return new CardGatewayError('unavailable', message, fieldErrors, status);
  return new CardGatewayError('invalid', message, fieldErrors, status);
}

/** A bank account in Pagar.me's fields (`default_bank_account`, or `bank_account` of its update). */
export function buildBankAccountBody(account: RecipientBankAccount) {
  return {
    holder_name: account.holderName,
    holder_type: account.holderType,
    holder_document: account.holderDocument,
    bank: account.bank,
    branch_number: account.branchNumber,
    ...(account.branchCheckDigit && { branch_check_digit: account.branchCheckDigit }),
    account_number: account.accountNumber,
    account_check_digit: account.accountCheckDigit,
    type: account.type,
  };
}

function buildPhoneBody(phone: string) {
  return { ddd: phone.slice(0, 2), number: phone.slice(2), type: 'mobile' };
}

function buildPartnerBody(partner: RecipientPartner) {
  const { address } = partner;
  return {
    name: partner.name,
    email: partner.email,
    document: partner.document,
    birthdate: partner.birthdate,
    phone_numbers: [buildPhoneBody(partner.phone)],
    address: {
      street: address.street,
      street_number: address.streetNumber,
      ...(address.complementary && { complementary: address.complementary }),
      neighborhood: address.neighborhood,
      city: address.city,
      state: address.state,
      zip_code: address.zipcode,
    },
  };
}

/** The body of `POST /recipients`: who receives, where the money goes, and a company's partners. */
export function buildRecipientBody(input: RecipientInput) {
  return {
    code: input.code,
    name: input.name,
    email: input.email,
    document: input.document,
    type: input.type,
    default_bank_account: buildBankAccountBody(input.bankAccount),
    ...(input.managingPartners.length > 0 && {
      register_information: {
        type: input.type === 'company' ? 'corporation' : 'individual',
        document: input.document,
        email: input.email,
        company_name: input.name,
        managing_partners: input.managingPartners.map(buildPartnerBody),
      },
    }),
    transfer_settings: { transfer_enabled: false },
  };
}
