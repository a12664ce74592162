import type { CardGatewayProvider } from '@prumo/contract/payment-gateway';

export type { CardGatewayProvider };

/**
 * Prumo's side of a card gateway (ADR 29). Prumo schedules renewals itself and charges a saved
 * card each period, so this is all it asks of a gateway. A card number or CVV never passes here:
 * the browser exchanges them for a single-use token with the gateway directly.
 *
 * Every method throws `CardGatewayError` when the gateway refuses or cannot be reached; a refused
 * *payment* is not an error: `chargeCard` answers a charge with status `failed`.
 */
export interface CardGateway {
  readonly provider: CardGatewayProvider;
  /** A customer at the gateway, to save cards on. */
  createCustomer(input: GatewayCustomerInput): Promise<GatewayCustomer>;
  /** Saves the card behind a single-use token (from the browser) on the customer. */
  saveCard(input: SaveCardInput): Promise<SavedCard>;
  /**
   * Charges a saved card once: an order with one credit-card payment. The same `idempotencyKey`
   * again answers the same charge (in its current state) and never charges twice.
   */
  chargeCard(input: ChargeCardInput): Promise<CardCharge>;
  readCharge(chargeId: string): Promise<CardCharge>;
  /** Cancels a charge not yet settled, or refunds a paid one; a canceled charge answers as it is. */
  cancelCharge(chargeId: string): Promise<CardCharge>;
  /** The card can no longer be charged. */
  deleteCard(input: { customerId: string; cardId: string }): Promise<void>;
  /**
   * The organization as the gateway's recipient (where its money is transferred): created the
   * first time (`recipientId` null); later its default bank account follows the organization's.
   */
  saveRecipient(input: RecipientInput, recipientId: string | null): Promise<GatewayRecipient>;
}

/** A bank account in the gateway's own fields (the organization's default one). */
export interface RecipientBankAccount {
  holderName: string;
  holderType: 'individual' | 'company';
  /** CPF or CNPJ, digits only. */
  holderDocument: string;
  /** The bank's code ("341"). */
  bank: string;
  branchNumber: string;
  branchCheckDigit: string | null;
  accountNumber: string;
  accountCheckDigit: string;
  type: 'checking' | 'savings';
}

export interface RecipientPartner {
  name: string;
  email: string;
  /** CPF, digits only. */
  document: string;
  /** "YYYY-MM-DD". */
  birthdate: string;
  /** Digits, with the area code. */
  phone: string;
  address: {
    street: string;
    streetNumber: string;
    complementary: string | null;
    neighborhood: string;
    city: string;
    state: string;
    zipcode: string;
  };
}

export interface RecipientInput {
  /** Prumo's reference (the organization's id), kept as the recipient's `code`. */
  code: string;
  name: string;
  email: string;
  /** The bank account holder's CPF or CNPJ, digits only. */
  document: string;
  type: 'individual' | 'company';
  bankAccount: RecipientBankAccount;
  /** A company's managing partners (its register information); empty for a person. */
  managingPartners: RecipientPartner[];
}

export interface GatewayRecipient {
  /** The gateway's id (`rp_…`). */
  id: string;
}

export interface GatewayCustomerInput {
  /** Prumo's own reference, kept by the gateway as the customer's `code` (a user id). */
  code: string;
  name: string;
  email: string;
  /** The CPF, digits only. */
  document: string;
}

export interface GatewayCustomer {
  /** The gateway's id (`cus_…`). */
  id: string;
}

export interface BillingAddress {
  /** "number, street, neighborhood", as Pagar.me's `line_1`. */
  line1: string;
  line2?: string;
  /** Digits only. */
  zipCode: string;
  city: string;
  /** Two letters (SP). */
  state: string;
  /** Two letters, lower or upper case (br). */
  country: string;
}

export interface SaveCardInput {
  customerId: string;
  /** The single-use token the browser got from the gateway (`token_…`). */
  cardToken: string;
  billingAddress?: BillingAddress;
}

/** A saved card as Prumo may keep and show it: never its number nor its CVV. */
export interface SavedCard {
  /** The gateway's id (`card_…`): what later charges name. */
  id: string;
  brand: string;
  lastFourDigits: string;
  expMonth: number;
  expYear: number;
}

export interface ChargeCardInput {
  customerId: string;
  cardId: string;
  /** Integer cents, above zero. */
  amountCents: number;
  /** The order item's description ("Plano Essencial — novembro de 2026"). */
  description: string;
  /**
   * One per thing charged (a subscription's period: `subscription-42-2026-11`): a retry after a
   * timeout or a crash sends the same key and gets the charge made the first time.
   */
  idempotencyKey: string;
  /** Prumo's reference, kept by the gateway as the order's `code`. */
  code?: string;
  metadata?: Record<string, string>;
}

/**
 * `processing` settles later (a webhook tells, or `readCharge`); `canceled` is a charge canceled or
 * refunded through `cancelCharge` (or charged back).
 */
export type CardChargeStatus = 'paid' | 'processing' | 'failed' | 'canceled';

export interface CardCharge {
  /** The gateway's charge id (`ch_…`): what webhooks, `readCharge` and `cancelCharge` name. */
  id: string;
  /** The order it belongs to (`or_…`). */
  orderId: string;
  status: CardChargeStatus;
  amountCents: number;
  /** Why a `failed` charge failed, in the gateway's words (the acquirer's message and return code). */
  failure: { message: string; code: string | null } | null;
  paidAt: Date | null;
}

/**
 * - `invalid`: the gateway refused the request (a used or expired token, an unknown card, a charge
 *   that cannot be canceled…); `fieldErrors` carries its per-field messages.
 * - `notFound`: no such customer, card or charge for these keys.
 * - `unauthorized`: the organization's keys are wrong.
 * - `unavailable`: no answer, a timeout, a 5xx or 429: try again later with the same idempotency key.
 */
export type CardGatewayErrorKind = 'invalid' | 'notFound' | 'unauthorized' | 'unavailable';

export class CardGatewayError extends Error {
  constructor(
    readonly kind: CardGatewayErrorKind,
    /** The gateway's own message (English for Pagar.me), never shown as is: see translateGatewayError. */
    readonly gatewayMessage: string,
    readonly fieldErrors: Record<string, string[]> = {},
    /** The HTTP status the gateway answered, when it answered. */
    readonly status: number | null = null,
  ) {
    super(`card gateway: ${kind}: ${gatewayMessage}`);
    this.name = 'CardGatewayError';
  }

  /** The error body as the gateway sent it, for translateGatewayError (@prumo/domain/payments/gateway-errors). */
  get body(): { message: string; errors: Record<string, string[]> } {
    return { message: this.gatewayMessage, errors: this.fieldErrors };
  }
}
