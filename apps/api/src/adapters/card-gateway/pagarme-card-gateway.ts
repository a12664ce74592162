import { ZodError } from 'zod';
import { type CardGateway, CardGatewayError } from './card-gateway';
import {
  buildBankAccountBody,
  buildCardBody,
  buildCustomerBody,
  buildGatewayError,
  buildOrderBody,
  buildRecipientBody,
  PagarmeCustomerSchema,
  PagarmeRecipientSchema,
  readCharge,
  readOrderCharge,
  readSavedCard,
} from './pagarme-v5';

export interface PagarmeClientOptions {
  /** The API root, `https://api.pagar.me/core/v5` (PAGARME_API_URL). */
  baseUrl: string;
  /** The organization's secret key (`sk_…`): HTTP Basic user, empty password. */
  secretKey: string;
  /** How long one call may take before it counts as unavailable. */
  timeoutMilliseconds?: number;
}

interface RequestOptions {
  body?: unknown;
  idempotencyKey?: string;
}

/** Pagar.me API v5 over `fetch`: no SDK, only the calls the adapter needs. */
export function createPagarmeCardGateway(options: PagarmeClientOptions): CardGateway {
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const timeout = options.timeoutMilliseconds ?? 20_000;

  async function request(method: string, path: string, requestOptions: RequestOptions = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(requestOptions.body !== undefined && { 'content-type': 'application/json' }),
          ...(requestOptions.idempotencyKey && { 'idempotency-key': requestOptions.idempotencyKey }),
        },
        body: requestOptions.body === undefined ? undefined : JSON.stringify(requestOptions.body),
        signal: AbortSignal.timeout(timeout),
      });
    } catch (error) {
      // The cause only (a refused connection, a timeout): the request carried the secret key.
      throw new CardGatewayError('unavailable', (error as Error).name === 'TimeoutError' ? 'Timeout.' : 'No answer.');
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) throw buildGatewayError(response.status, body);
    return body;
  }

  /** An answer of another shape than Pagar.me documents is the gateway's fault, not the caller's. */
  async function readAnswer<T>(answer: Promise<unknown>, read: (body: unknown) => T): Promise<T> {
    const body = await answer;
    try {
      return read(body);
    } catch (error) {
      if (error instanceof ZodError) throw new CardGatewayError('unavailable', 'Unexpected answer.');
      throw error;
    }
  }

  const segment = encodeURIComponent;
  return {
    provider: 'pagarme',
    createCustomer: (input) =>
      readAnswer(request('POST', '/customers', { body: buildCustomerBody(input) }), (body) => ({
        id: PagarmeCustomerSchema.parse(body).id,
      })),
    saveCard: (input) =>
      readAnswer(
        request('POST', `/customers/${segment(input.customerId)}/cards`, { body: buildCardBody(input) }),
        readSavedCard,
      ),
    chargeCard: (input) =>
      readAnswer(
        request('POST', '/orders', { body: buildOrderBody(input), idempotencyKey: input.idempotencyKey }),
        readOrderCharge,
      ),
    readCharge: (chargeId) => readAnswer(request('GET', `/charges/${segment(chargeId)}`), (body) => readCharge(body)),
    cancelCharge: (chargeId) =>
      readAnswer(request('DELETE', `/charges/${segment(chargeId)}`), (body) => readCharge(body)),
    async deleteCard(input) {
      await request('DELETE', `/customers/${segment(input.customerId)}/cards/${segment(input.cardId)}`);
    },
    saveRecipient: (input, recipientId) =>
      readAnswer(
        recipientId === null
          ? request('POST', '/recipients', { body: buildRecipientBody(input) })
          : request('PATCH', `/recipients/${segment(recipientId)}/default-bank-account`, {
              body: { bank_account: buildBankAccountBody(input.bankAccount) },
            }),
        (body) => ({ id: PagarmeRecipientSchema.parse(body).id }),
      ),
  };
}
