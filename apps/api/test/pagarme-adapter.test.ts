import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CardGateway } from '../src/adapters/card-gateway/card-gateway';
import { createPagarmeCardGateway } from '../src/adapters/card-gateway/pagarme-card-gateway';
import { signWebhookBody } from '../src/adapters/card-gateway/webhook-signature';
import { countRows } from './helpers/card-gateway';
import { createTestContext, type TestContext } from './helpers/test-app';

interface SeenRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: unknown;
}

/** Answers as Pagar.me v5 documents it: a route table of status and body, and every request kept. */
let server: Server;
let baseUrl: string;
let seen: SeenRequest[] = [];
let answers = new Map<string, { status: number; body: unknown; delayMilliseconds?: number }>();

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const text = await readBody(request);
    const path = (request.url ?? '').replace('/core/v5', '');
    seen.push({
      method: request.method ?? '',
      url: path,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      body: text ? JSON.parse(text) : null,
    });
    const answer = answers.get(`${request.method} ${path}`) ?? {
      status: 404,
      body: { message: 'Resource not found.' },
    };
    if (answer.delayMilliseconds) await new Promise((resolve) => setTimeout(resolve, answer.delayMilliseconds));
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/core/v5`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen = [];
  answers = new Map();
});

const secretKey = 'sk_test_abcdefghijklmnop';

function createGateway(timeoutMilliseconds?: number): CardGateway {
  return createPagarmeCardGateway({ baseUrl, secretKey, timeoutMilliseconds });
}

function buildCharge(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: 'ch_1234567890abcdef',
    code: 'subscription-1',
    gateway_id: '1234567890abcdef',
    amount: 4990,
    status,
    currency: 'BRL',
    payment_method: 'credit_card',
    created_at: '2026-11-24T12:00:00Z',
    updated_at: '2026-11-24T12:00:00Z',
    ...extra,
  };
}

describe('the Pagar.me adapter speaks API v5', () => {
  it('creates a customer and saves a card from a token, with the secret key as Basic user', async () => {
    answers.set('POST /customers', { status: 200, body: { id: 'cus_abcdefghijklmnop', name: 'Maria' } });
    answers.set('POST /customers/cus_abcdefghijklmnop/cards', {
      status: 200,
      body: {
        id: 'card_abcdefghijklmnop',
        first_six_digits: '400000',
        last_four_digits: '0010',
        brand: 'Visa',
        holder_name: 'Maria',
        exp_month: 12,
        exp_year: 2030,
        status: 'active',
      },
    });
    const gateway = createGateway();
    expect(gateway.provider).toBe('pagarme');
    const customer = await gateway.createCustomer({
      code: '42',
      name: 'Maria',
      email: 'maria@example.com',
      document: '52998224725',
    });
    const card = await gateway.saveCard({
      customerId: customer.id,
      cardToken: 'token_abcdefghijklmnop',
      billingAddress: {
        line1: '10, Rua A, Centro',
        zipCode: '01001000',
        city: 'São Paulo',
        state: 'SP',
        country: 'br',
      },
    });
    expect(card).toEqual({
      id: 'card_abcdefghijklmnop',
      brand: 'Visa',
      lastFourDigits: '0010',
      expMonth: 12,
      expYear: 2030,
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/customers',
      authorization: `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`,
      body: {
        code: '42',
        name: 'Maria',
        email: 'maria@example.com',
        document: '52998224725',
        document_type: 'CPF',
        type: 'individual',
      },
    });
    expect(seen[1]?.body).toEqual({
      token: 'token_abcdefghijklmnop',
      billing_address: {
        line_1: '10, Rua A, Centro',
        zip_code: '01001000',
        city: 'São Paulo',
        state: 'SP',
        country: 'BR',
      },
    });
  });

  it('charges a saved card as an order with one credit-card payment and the idempotency-key header', async () => {
    answers.set('POST /orders', {
      status: 200,
      body: {
        id: 'or_abcdefghijklmnop',
        status: 'paid',
        charges: [
          buildCharge('paid', {
            paid_at: '2026-11-24T12:00:01Z',
            last_transaction: {
              status: 'captured',
              acquirer_message: 'Transação aprovada com sucesso',
              acquirer_return_code: '00',
            },
          }),
        ],
      },
    });
    const charge = await createGateway().chargeCard({
      customerId: 'cus_abcdefghijklmnop',
      cardId: 'card_abcdefghijklmnop',
      amountCents: 4990,
      description: 'Plano Essencial',
      idempotencyKey: 'subscription-1-2026-11',
      code: 'subscription-1',
    });
    expect(charge).toEqual({
      id: 'ch_1234567890abcdef',
      orderId: 'or_abcdefghijklmnop',
      status: 'paid',
      amountCents: 4990,
      failure: null,
      paidAt: new Date('2026-11-24T12:00:01Z'),
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/orders',
      idempotencyKey: 'subscription-1-2026-11',
      body: {
        customer_id: 'cus_abcdefghijklmnop',
        code: 'subscription-1',
        items: [{ amount: 4990, description: 'Plano Essencial', quantity: 1, code: 'subscription-1' }],
        payments: [
          {
            payment_method: 'credit_card',
            credit_card: { card_id: 'card_abcdefghijklmnop', installments: 1, operation_type: 'auth_and_capture' },
          },
        ],
        closed: true,
      },
    });
  });

  it.each([
    ['pending', 'processing'],
    ['processing', 'processing'],
    ['underpaid', 'processing'],
    ['overpaid', 'paid'],
    ['canceled', 'canceled'],
    ['chargedback', 'canceled'],
  ])('reads a charge %s as %s', async (pagarmeStatus, status) => {
    answers.set('GET /charges/ch_1234567890abcdef', {
      status: 200,
      body: buildCharge(pagarmeStatus, { order: { id: 'or_x' } }),
    });
    expect(await createGateway().readCharge('ch_1234567890abcdef')).toMatchObject({ status, orderId: 'or_x' });
  });

  it('tells a failed charge with the acquirer’s message and code, or the gateway’s error', async () => {
    answers.set('GET /charges/ch_1234567890abcdef', {
      status: 200,
      body: buildCharge('failed', {
        last_transaction: {
          status: 'not_authorized',
          acquirer_message: 'Transação não autorizada',
          acquirer_return_code: '05',
        },
      }),
    });
    expect(await createGateway().readCharge('ch_1234567890abcdef')).toMatchObject({
      status: 'failed',
      failure: { message: 'Transação não autorizada', code: '05' },
    });
    answers.set('GET /charges/ch_1234567890abcdef', {
      status: 200,
      body: buildCharge('failed', {
        last_transaction: {
          status: 'with_error',
          gateway_response: { code: '400', errors: [{ message: 'Antifraud refused.' }] },
        },
      }),
    });
    expect(await createGateway().readCharge('ch_1234567890abcdef')).toMatchObject({
      failure: { message: 'Antifraud refused.', code: '400' },
    });
  });

  it('cancels a charge with DELETE and deletes a card', async () => {
    answers.set('DELETE /charges/ch_1234567890abcdef', { status: 200, body: buildCharge('canceled') });
    answers.set('DELETE /customers/cus_a/cards/card_b', { status: 200, body: { id: 'card_b', status: 'deleted' } });
    const gateway = createGateway();
    expect(await gateway.cancelCharge('ch_1234567890abcdef')).toMatchObject({ status: 'canceled' });
    await gateway.deleteCard({ customerId: 'cus_a', cardId: 'card_b' });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /charges/ch_1234567890abcdef',
      'DELETE /customers/cus_a/cards/card_b',
    ]);
  });

  it('makes the organization a recipient once, then sends only its new default bank account', async () => {
    const bankAccount = {
      holderName: 'Organização Teste Ltda',
      holderType: 'company' as const,
      holderDocument: '11222333000181',
      bank: '341',
      branchNumber: '0932',
      branchCheckDigit: null,
      accountNumber: '58054',
      accountCheckDigit: '1',
      type: 'checking' as const,
    };
    const input = {
      code: '7',
      name: 'Organização Teste Ltda',
      email: 'ana@exemplo.com.br',
      document: '11222333000181',
      type: 'company' as const,
      bankAccount,
      managingPartners: [
        {
          name: 'Ana Sócia',
          email: 'ana@exemplo.com.br',
          document: '52998224725',
          birthdate: '1980-03-15',
          phone: '11987654321',
          address: {
            street: 'Avenida Paulista',
            streetNumber: '1000',
            complementary: null,
            neighborhood: 'Bela Vista',
            city: 'São Paulo',
            state: 'SP',
            zipcode: '01310100',
          },
        },
      ],
    };
    answers.set('POST /recipients', { status: 200, body: { id: 'rp_abcdefghijklmnop', status: 'active' } });
    answers.set('PATCH /recipients/rp_abcdefghijklmnop/default-bank-account', {
      status: 200,
      body: { id: 'rp_abcdefghijklmnop', status: 'active' },
    });
    const gateway = createGateway();
    expect(await gateway.saveRecipient(input, null)).toEqual({ id: 'rp_abcdefghijklmnop' });
    expect(seen[0]?.body).toMatchObject({
      code: '7',
      document: '11222333000181',
      type: 'company',
      default_bank_account: { bank: '341', account_number: '58054', holder_type: 'company' },
      register_information: {
        type: 'corporation',
        managing_partners: [
          {
            document: '52998224725',
            phone_numbers: [{ ddd: '11', number: '987654321', type: 'mobile' }],
            address: { zip_code: '01310100', street_number: '1000' },
          },
        ],
      },
    });
    expect(seen[0]?.body).not.toHaveProperty('default_bank_account.branch_check_digit');
    await gateway.saveRecipient(input, 'rp_abcdefghijklmnop');
    expect(seen[1]).toMatchObject({
      method: 'PATCH',
      url: '/recipients/rp_abcdefghijklmnop/default-bank-account',
      body: { bank_account: { account_number: '58054' } },
    });
  });

  it('maps Pagar.me’s refusals: 422 with its field errors, 401, 404, 5xx', async () => {
    answers.set('POST /customers/cus_a/cards', {
      status: 422,
      body: {
        message: 'The request is invalid.',
        errors: { 'card.number': ['The number field is not a valid card number'] },
      },
    });
    const gateway = createGateway();
    await expect(gateway.saveCard({ customerId: 'cus_a', cardToken: 'token_x' })).rejects.toMatchObject({
      kind: 'invalid',
      status: 422,
      gatewayMessage: 'The request is invalid.',
      fieldErrors: { 'card.number': ['The number field is not a valid card number'] },
    });
    answers.set('GET /charges/ch_1', {
      status: 401,
      body: { message: 'Authorization has been denied for this request.' },
    });
    await expect(gateway.readCharge('ch_1')).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    await expect(gateway.readCharge('ch_missing')).rejects.toMatchObject({ kind: 'notFound', status: 404 });
    answers.set('GET /charges/ch_2', { status: 502, body: 'Bad gateway' });
    await expect(gateway.readCharge('ch_2')).rejects.toMatchObject({ kind: 'unavailable', status: 502 });
  });

  it('counts a timeout, no answer at all, and an answer of another shape as unavailable', async () => {
    answers.set('GET /charges/ch_slow', { status: 200, body: buildCharge('paid'), delayMilliseconds: 500 });
    await expect(createGateway(100).readCharge('ch_slow')).rejects.toMatchObject({
      kind: 'unavailable',
      gatewayMessage: 'Timeout.',
    });
    const nowhere = createPagarmeCardGateway({ baseUrl: 'http://127.0.0.1:9/core/v5', secretKey });
    const refused = nowhere.readCharge('ch_1');
    await expect(refused).rejects.toMatchObject({ kind: 'unavailable', gatewayMessage: 'No answer.' });
    await expect(refused).rejects.not.toHaveProperty('message', expect.stringContaining(secretKey));
    answers.set('GET /charges/ch_odd', { status: 200, body: { unexpected: true } });
    await expect(createGateway().readCharge('ch_odd')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('Pagar.me’s webhooks, with its key set configured', () => {
  it('takes an event signed by a key of PAGARME_WEBHOOK_JWKS, and refuses another key', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwks = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'pagarme-1', alg: 'RS256' }] });
    const context = await createTestContext({
      environment: { PUBLIC_URL: 'http://prumo.test', PAGARME_WEBHOOK_JWKS: jwks },
    });
    const body = JSON.stringify({
      id: 'hook_pagarme000000001',
      type: 'charge.paid',
      created_at: '2026-11-24T12:00:00Z',
      data: {},
    });
    const post = (signature: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/payment/webhooks/pagarme/',
        payload: body,
        headers: { 'content-type': 'application/json', 'x-webhook-asymmetric-signature': signature },
      });
    const good = await post(signWebhookBody(body, 'pagarme-1', privateKey));
    expect(good.statusCode).toBe(200);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    expect((await post(signWebhookBody(body, 'pagarme-1', stranger))).statusCode).toBe(401);
    expect(
      await countRows(context, 'gateway_events', "provider = 'pagarme' AND event_id = 'hook_pagarme000000001'"),
    ).toBe(1);
  });

  it('fetches the key set from PAGARME_WEBHOOK_JWKS_URL', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    answers.set('GET /jwks', {
      status: 200,
      body: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'pagarme-url', alg: 'RS256' }] },
    });
    const context = await createTestContext({
      environment: { PUBLIC_URL: 'http://prumo.test', PAGARME_WEBHOOK_JWKS_URL: `${baseUrl}/jwks` },
    });
    const body = JSON.stringify({ id: 'hook_pagarmeurl0000001', type: 'charge.refunded', data: {} });
    const answer = await context.app.inject({
      method: 'POST',
      url: '/api/payment/webhooks/pagarme/',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-webhook-asymmetric-signature': signWebhookBody(body, 'pagarme-url', privateKey),
      },
    });
    expect(answer.statusCode).toBe(200);
    expect(seen.filter((request) => request.url === '/jwks')).toHaveLength(1);
  });

  it('asks the key set’s address once for forged events arriving together, and not again soon after it failed', async () => {
    // Anyone may post events: each one naming an unknown key used to fetch the set anew.
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    answers.set('GET /jwks-shared', {
      status: 200,
      delayMilliseconds: 200,
      body: { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'pagarme-shared', alg: 'RS256' }] },
    });
    answers.set('GET /jwks-down', { status: 502, delayMilliseconds: 200, body: { message: 'Bad gateway' } });
    const forgedBody = JSON.stringify({ id: 'hook_forged000000001', type: 'charge.paid', data: {} });
    const forge = (context: TestContext) =>
      context.app.inject({
        method: 'POST',
        url: '/api/payment/webhooks/pagarme/',
        payload: forgedBody,
        headers: {
          'content-type': 'application/json',
          'x-webhook-asymmetric-signature': 'alg=RS256; kid=x; signature=AAAA',
        },
      });
    const reachable = await createTestContext({
      environment: { PUBLIC_URL: 'http://prumo.test', PAGARME_WEBHOOK_JWKS_URL: `${baseUrl}/jwks-shared` },
    });
    const together = await Promise.all(Array.from({ length: 10 }, () => forge(reachable)));
    expect(together.map((answer) => answer.statusCode)).toEqual(new Array(10).fill(401));
    for (let sent = 0; sent < 5; sent += 1) expect((await forge(reachable)).statusCode).toBe(401);
    expect(seen.filter((request) => request.url === '/jwks-shared')).toHaveLength(1);

    const down = await createTestContext({
      environment: { PUBLIC_URL: 'http://prumo.test', PAGARME_WEBHOOK_JWKS_URL: `${baseUrl}/jwks-down` },
    });
    const refused = await Promise.all(Array.from({ length: 10 }, () => forge(down)));
    expect(refused.map((answer) => answer.statusCode)).toEqual(new Array(10).fill(503));
    for (let sent = 0; sent < 5; sent += 1) expect((await forge(down)).statusCode).toBe(503);
    expect(seen.filter((request) => request.url === '/jwks-down')).toHaveLength(1);
  });
});
