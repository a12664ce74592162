import { detectCardBrand, isValidCardNumber } from '@prumo/domain/payments/card-number';
import { z } from 'zod';
import type { AppConfig } from '../../../config';
import type { Database, Transaction } from '../../../db/database';
import type { JobRunner } from '../../../jobs/job-runner';
import { hashSecret } from '../../../lib/secrets';
import {
  claimIdempotencyKey,
  findAccountByPublicKey,
  findAccountBySecretHash,
  findCard,
  findCharge,
  findChargeParts,
  findChargesOfOrder,
  findCustomer,
  findOrder,
  findOrderIdByIdempotencyKey,
  insertAccount,
  insertCard,
  insertCharge,
  insertCustomer,
  insertOrder,
  insertToken,
  markCardDeleted,
  type SandboxAccountRow,
  spendToken,
  updateCharge,
} from './sandbox.repo';
import { acquirerAnswers, findCardOutcome, isCardExpired, isCvvRefused, readFullYear } from './sandbox-cards';
import {
  createGatewayId,
  failInvalidRequest,
  failNotFound,
  failUnauthorized,
  SandboxGatewayError,
} from './sandbox-errors';
import {
  type ChargeParts,
  presentCard,
  presentCharge,
  presentCustomer,
  presentOrder,
  presentToken,
} from './sandbox-presenters';
import { chargeSettlementJob } from './sandbox-settlement';
import { queueWebhook, sendWebhookDeliveries } from './sandbox-webhooks';

/** What the sandbox needs: its data, its settings, and the job queue its settlements and webhooks go through. */
export interface SandboxDependencies {
  db: Database;
  config: AppConfig;
  jobs: JobRunner;
}

/** A token lives this long, as Pagar.me's. */
const tokenLifetimeSeconds = 60;

// ——— Accounts and keys ———

export interface SandboxAccountKeys {
  accountId: string;
  publicKey: string;
  secretKey: string;
}

/** A new sandbox account with fresh keys: the secret is answered once and kept only as its SHA-256. */
export async function createSandboxAccount(db: Database | Transaction): Promise<SandboxAccountKeys> {
  const publicKey = createGatewayId('pk_test', 16);
  const secretKey = createGatewayId('sk_test', 32);
  const account = await insertAccount(db, {
    id: createGatewayId('acc'),
    publicKey,
    secretKeyHash: hashSecret(secretKey),
  });
  return { accountId: account.id, publicKey, secretKey };
}

export async function authenticateSecretKey(db: Database, secretKey: string): Promise<SandboxAccountRow> {
  const account = secretKey ? await findAccountBySecretHash(db, hashSecret(secretKey)) : undefined;
  if (!account) failUnauthorized();
  return account;
}

// ——— Requests in Pagar.me's words ———

function requiredField(field: string) {
  return {
    error: (issue: { input: unknown }) =>
      issue.input === undefined || issue.input === null
        ? `The ${field} field is required.`
        : `The ${field} field is invalid.`,
  };
}

function describePath(path: PropertyKey[]): string {
  return (
    path
      .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`))
      .join('') || 'request'
  );
}

/** The body read with `schema`, or 422 with each field's English message, as Pagar.me answers. */
function readRequest<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const field = describePath(issue.path);
    const messages = errors[field] ?? [];
    if (!messages.includes(issue.message)) messages.push(issue.message);
    errors[field] = messages;
  }
  failInvalidRequest(errors);
}

const notAValidCardNumber = 'The number field is not a valid card number';

const monthField = z.union(
  [
    z.number(),
    z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  ],
  requiredField('exp_month'),
);
const yearField = z.union(
  [
    z.number(),
    z
      .string()
      .regex(/^\d{2}$|^\d{4}$/)
      .transform(Number),
  ],
  requiredField('exp_year'),
);

const CardTokenRequestSchema = z.object(
  {
    type: z.literal('card', { error: 'The type field must be card.' }).default('card'),
    card: z.object(
      {
        number: z
          .string(requiredField('number'))
          .refine((number) => isValidCardNumber(number) && detectCardBrand(number) !== null, notAValidCardNumber),
        holder_name: z
          .string(requiredField('holder_name'))
          .trim()
          .min(1, 'The holder_name field is required.')
          .max(64, 'The holder_name field must have at most 64 characters.'),
        exp_month: monthField.pipe(
          z.number().int().min(1, 'The exp_month field is invalid.').max(12, 'The exp_month field is invalid.'),
        ),
        exp_year: yearField.pipe(
          z
            .number()
            .int('The exp_year field is invalid.')
            .transform(readFullYear)
            .pipe(z.number().min(2000, 'The exp_year field is invalid.').max(2099, 'The exp_year field is invalid.')),
        ),
        cvv: z.string(requiredField('cvv')).regex(/^\d{3,4}$/, 'The cvv field is not a valid cvv.'),
      },
      requiredField('card'),
    ),
  },
  requiredField('request'),
);

const CustomerRequestSchema = z.object(
  {
    name: z
      .string(requiredField('name'))
      .trim()
      .min(1, 'The name field is required.')
      .max(64, 'The name field must have at most 64 characters.'),
    email: z
      .email('The email field is not a valid e-mail address.')
      .max(64, 'The email field must have at most 64 characters.')
      .optional(),
    code: z.string(requiredField('code')).max(52, 'The code field must have at most 52 characters.').optional(),
    document: z
      .string(requiredField('document'))
      .regex(/^\d{1,16}$/, 'The document field is invalid.')
      .optional(),
    document_type: z.enum(['CPF', 'CNPJ', 'PASSPORT'], { error: 'The document_type field is invalid.' }).optional(),
    type: z.enum(['individual', 'company'], { error: 'The type field is invalid.' }).default('individual'),
  },
  requiredField('request'),
);

const AddressSchema = z.object(
  {
    line_1: z.string(requiredField('line_1')).min(1, 'The line_1 field is required.').max(256),
    line_2: z.string().max(128).optional(),
    zip_code: z.string(requiredField('zip_code')).regex(/^\d{8}$/, 'The zip_code field is invalid.'),
    city: z.string(requiredField('city')).min(1, 'The city field is required.').max(64),
    state: z.string(requiredField('state')).regex(/^[A-Za-z]{2}$/, 'The state field is invalid.'),
    country: z.string(requiredField('country')).regex(/^[A-Za-z]{2}$/, 'The country field is invalid.'),
  },
  requiredField('billing_address'),
);

const CardRequestSchema = z.object(
  {
    // Cards are saved from tokens only: a number sent to the sandbox with the secret key is refused.
    token: z
      .string(requiredField('token'))
      .min(1, 'The token field is required.')
      .max(64, 'The token field is invalid.'),
    billing_address: AddressSchema.optional(),
  },
  requiredField('request'),
);

const maximumOrderAmount = 2_000_000_000;

const OrderRequestSchema = z.object(
  {
    customer_id: z.string(requiredField('customer_id')).min(1, 'The customer_id field is required.').max(64),
    code: z.string().max(52, 'The code field must have at most 52 characters.').optional(),
    items: z
      .array(
        z.object({
          amount: z
            .number(requiredField('amount'))
            .int('The amount field is invalid.')
            .min(1, 'The amount field must be greater than 0.')
            .max(maximumOrderAmount, 'The amount field is too large.'),
          description: z.string(requiredField('description')).min(1, 'The description field is required.').max(256),
          quantity: z
            .number(requiredField('quantity'))
            .int()
            .min(1, 'The quantity field must be greater than 0.')
            .max(100)
            .default(1),
          code: z.string().max(52).optional(),
        }),
        requiredField('items'),
      )
      .min(1, 'The items field is required.'),
    payments: z
      .array(
        z.object({
          payment_method: z.literal('credit_card', { error: 'The sandbox takes only credit_card payments.' }),
          credit_card: z.object(
            {
              card_id: z.string(requiredField('card_id')).min(1, 'The card_id field is required.').max(64),
              installments: z.number().int().min(1).max(12).default(1),
              statement_descriptor: z
                .string()
                .max(13, 'The statement_descriptor field must have at most 13 characters.')
                .optional(),
              operation_type: z
                .literal('auth_and_capture', { error: 'The sandbox captures at once: use auth_and_capture.' })
                .default('auth_and_capture'),
            },
            requiredField('credit_card'),
          ),
        }),
        requiredField('payments'),
      )
      .length(1, 'The sandbox takes exactly one payment per order.'),
    metadata: z.record(z.string(), z.string()).optional(),
    closed: z.boolean().optional(),
  },
  requiredField('request'),
);

// ——— Tokens (public key) ———

/**
 * Tokenizes a card with the account's public key. The number and CVV are read here and dropped:
 * the token keeps the first six and last four digits, the brand, how the test card behaves and
 * whether the CVV is one the issuer refuses.
 */
export async function createCardToken(db: Database, publicKey: string, body: unknown) {
  const account = publicKey ? await findAccountByPublicKey(db, publicKey) : undefined;
  if (!account) failUnauthorized();
  const { card } = readRequest(CardTokenRequestSchema, body);
  const now = new Date();
  if (isCardExpired(card.exp_month, card.exp_year, now)) failInvalidRequest({ card: ['Card expired.'] });
  const token = await insertToken(db, {
    id: createGatewayId('token'),
    accountId: account.id,
    firstSixDigits: card.number.slice(0, 6),
    lastFourDigits: card.number.slice(-4),
    brand: detectCardBrand(card.number) ?? 'Visa',
    holderName: card.holder_name,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    outcome: findCardOutcome(card.number),
    cvvRefused: isCvvRefused(card.cvv),
    createdAt: now,
    expiresAt: new Date(now.getTime() + tokenLifetimeSeconds * 1000),
  });
  return presentToken(token);
}

// ——— Customers and cards (secret key) ———

export async function createCustomer(db: Database, account: SandboxAccountRow, body: unknown) {
  const request = readRequest(CustomerRequestSchema, body);
  const customer = await insertCustomer(db, {
    id: createGatewayId('cus'),
    accountId: account.id,
    code: request.code ?? null,
    name: request.name,
    email: request.email ?? null,
    document: request.document ?? null,
    documentType: request.document_type ?? (request.document ? 'CPF' : null),
    type: request.type,
  });
  return presentCustomer(customer);
}

export async function readCustomer(db: Database, account: SandboxAccountRow, customerId: string) {
  const customer = await findCustomer(db, account.id, customerId);
  if (!customer) failNotFound('Customer');
  return presentCustomer(customer);
}

/** Saves the card behind a token on the customer: the token is spent in the same transaction as the card is written. */
export async function saveCard(db: Database, account: SandboxAccountRow, customerId: string, body: unknown) {
  const request = readRequest(CardRequestSchema, body);
  return db.transaction(async (transaction) => {
    const customer = await findCustomer(transaction, account.id, customerId);
    if (!customer) failNotFound('Customer');
    const token = await spendToken(transaction, account.id, request.token, new Date());
    if (!token) failInvalidRequest({ token: ['The token was not found, was already used or has expired.'] });
    const card = await insertCard(transaction, {
      id: createGatewayId('card'),
      accountId: account.id,
      customerId: customer.id,
      firstSixDigits: token.firstSixDigits,
      lastFourDigits: token.lastFourDigits,
      brand: token.brand,
      holderName: token.holderName,
      expMonth: token.expMonth,
      expYear: token.expYear,
      outcome: token.outcome,
      cvvRefused: token.cvvRefused,
      billingAddress: request.billing_address ?? null,
    });
    return presentCard(card, customer);
  });
}

export async function readCard(db: Database, account: SandboxAccountRow, customerId: string, cardId: string) {
  const customer = await findCustomer(db, account.id, customerId);
  const card = customer && (await findCard(db, account.id, customerId, cardId));
  if (!customer || !card) failNotFound('Card');
  return presentCard(card, customer);
}

/** The card is kept as `deleted` (readable, never charged again); deleting it twice answers it as it is. */
export async function deleteCard(db: Database, account: SandboxAccountRow, customerId: string, cardId: string) {
  const customer = await findCustomer(db, account.id, customerId);
  const card = customer && (await findCard(db, account.id, customerId, cardId));
  if (!customer || !card) failNotFound('Card');
  const deleted = card.status === 'deleted' ? card : await markCardDeleted(db, card.id, new Date());
  return presentCard(deleted, customer);
}

// ——— Orders and charges (secret key) ———

/** The key was claimed by another order while this one was being made: that order is the answer. */
class IdempotencyKeyTaken extends Error {}

export async function readOrder(db: Database, account: SandboxAccountRow, orderId: string) {
  const order = await findOrder(db, account.id, orderId);
  if (!order) failNotFound('Order');
  const charges: ChargeParts[] = [];
  for (const charge of await findChargesOfOrder(db, order.id)) charges.push(await findChargeParts(db, charge));
  return presentOrder(order, charges);
}

/** What the card's issuer answers now: test cards, and the CVV rule before them. */
function decideCharge(card: { outcome: string; cvvRefused: boolean }) {
  if (card.cvvRefused) return { status: 'failed', settlesTo: null, answer: acquirerAnswers.cvvRefused } as const;
  switch (card.outcome) {
    case 'not_authorized':
      return { status: 'failed', settlesTo: null, answer: acquirerAnswers.notAuthorized } as const;
    case 'processing_then_paid':
      return { status: 'processing', settlesTo: 'paid', answer: acquirerAnswers.processing } as const;
    case 'processing_then_failed':
      return { status: 'processing', settlesTo: 'failed', answer: acquirerAnswers.processing } as const;
    default:
      return { status: 'paid', settlesTo: null, answer: acquirerAnswers.approved } as const;
  }
}

/**
 * An order with one credit-card payment on a saved card. With an `idempotency-key`, the first order
 * made with it is the answer to every later request carrying it (in its current state), and no
 * second order or charge is ever made. A charge that settles later is settled by a job after
 * SANDBOX_GATEWAY_SETTLE_SECONDS.
 */
export async function createOrder(
  deps: SandboxDependencies,
  account: SandboxAccountRow,
  body: unknown,
  idempotencyKey: string | undefined,
) {
  const { db } = deps;
  const request = readRequest(OrderRequestSchema, body);
  if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 256)) {
    failInvalidRequest({ 'idempotency-key': ['The idempotency-key header is invalid.'] });
  }
  if (idempotencyKey) {
    const existing = await findOrderIdByIdempotencyKey(db, account.id, idempotencyKey);
    if (existing) return readOrder(db, account, existing);
  }
  const amount = request.items.reduce((sum, item) => sum + item.amount * item.quantity, 0);
  if (amount > maximumOrderAmount) failInvalidRequest({ items: ['The amount of the order is too large.'] });
  const [payment] = request.payments;
  if (!payment) failInvalidRequest({ payments: ['The payments field is required.'] });
  let made: { orderId: string; chargeId: string; deliveries: string[]; processing: boolean };
  try {
    made = await db.transaction(async (transaction) => {
      const customer = await findCustomer(transaction, account.id, request.customer_id);
      if (!customer) failNotFound('Customer');
      const card = await findCard(transaction, account.id, customer.id, payment.credit_card.card_id);
      if (!card) failNotFound('Card');
      if (card.status !== 'active') {
        failInvalidRequest({ 'payments[0].credit_card.card_id': ['The card was deleted.'] });
      }
      const order = await insertOrder(transaction, {
        id: createGatewayId('or'),
        accountId: account.id,
        customerId: customer.id,
        code: request.code ?? null,
        items: request.items.map((item) => ({
          id: createGatewayId('oi'),
          amount: item.amount,
          description: item.description,
          quantity: item.quantity,
          code: item.code ?? null,
        })),
        metadata: request.metadata ?? null,
      });
      if (idempotencyKey && !(await claimIdempotencyKey(transaction, account.id, idempotencyKey, order.id))) {
        throw new IdempotencyKeyTaken();
      }
      const decision = decideCharge(card);
      const now = new Date();
      const charge = await insertCharge(transaction, {
        id: createGatewayId('ch'),
        orderId: order.id,
        accountId: account.id,
        customerId: customer.id,
        cardId: card.id,
        code: request.code ?? null,
        amount,
        status: decision.status,
        settlesTo: decision.settlesTo,
        transactionId: createGatewayId('tran'),
        transactionStatus: decision.answer.transactionStatus,
        acquirerMessage: decision.answer.message,
        acquirerReturnCode: decision.answer.returnCode,
        paidAt: decision.status === 'paid' ? now : null,
      });
      const deliveries: string[] = [];
      if (decision.status !== 'processing') {
        const data = presentCharge({ charge, order, customer, card });
        const type = decision.status === 'paid' ? 'charge.paid' : 'charge.payment_failed';
        deliveries.push(await queueWebhook(transaction, account.id, type, data));
      }
      return { orderId: order.id, chargeId: charge.id, deliveries, processing: decision.status === 'processing' };
    });
  } catch (error) {
    if (!(error instanceof IdempotencyKeyTaken) || !idempotencyKey) throw error;
    const existing = await findOrderIdByIdempotencyKey(db, account.id, idempotencyKey);
    if (!existing) throw error;
    return readOrder(db, account, existing);
  }
  await sendWebhookDeliveries(deps.jobs, made.deliveries);
  if (made.processing) {
    await deps.jobs.send(
      chargeSettlementJob,
      { chargeId: made.chargeId },
      { startAfterSeconds: deps.config.sandboxSettleSeconds },
    );
  }
  return readOrder(db, account, made.orderId);
}

export async function readCharge(db: Database, account: SandboxAccountRow, chargeId: string) {
  const charge = await findCharge(db, account.id, chargeId);
  if (!charge) failNotFound('Charge');
  return presentCharge(await findChargeParts(db, charge));
}

/**
 * Cancels a charge: a paid one is refunded (`charge.refunded`), a processing one is voided before it
 * settles (`charge.canceled`); a canceled one answers as it is; a failed one cannot be canceled.
 */
export async function cancelCharge(deps: SandboxDependencies, account: SandboxAccountRow, chargeId: string) {
  const { charge, deliveries } = await deps.db.transaction(async (transaction) => {
    const found = await findCharge(transaction, account.id, chargeId, { lock: true });
    if (!found) failNotFound('Charge');
    if (found.status === 'canceled') return { charge: found, deliveries: [] };
    if (found.status === 'failed') {
      throw new SandboxGatewayError(422, { message: 'The charge can not be canceled: its payment failed.' });
    }
    const refund = found.status === 'paid';
    const answer = refund ? acquirerAnswers.refunded : acquirerAnswers.voided;
    const now = new Date();
    const canceled = await updateCharge(transaction, found.id, {
      status: 'canceled',
      settlesTo: null,
      transactionStatus: answer.transactionStatus,
      acquirerMessage: answer.message,
      acquirerReturnCode: answer.returnCode,
      canceledAt: now,
      updatedAt: now,
    });
    const data = presentCharge(await findChargeParts(transaction, canceled));
    const type = refund ? 'charge.refunded' : 'charge.canceled';
    return { charge: canceled, deliveries: [await queueWebhook(transaction, account.id, type, data)] };
  });
  await sendWebhookDeliveries(deps.jobs, deliveries);
  return presentCharge(await findChargeParts(deps.db, charge));
}
