import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CardGateway, CardGatewayError } from '../src/adapters/card-gateway/card-gateway';
import { resolveCardGateway } from '../src/adapters/card-gateway/resolve-card-gateway';
import {
  buildCard,
  countRows,
  createCardToken,
  findGatewayDependencies,
  readPublicKey,
  skipJobDelay,
  testCards,
  tokenizeCard,
} from './helpers/card-gateway';
import { createTestContext, createTestOrganization, type TestContext, type TestOrganization } from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let publicKey: string;
let gateway: CardGateway;

beforeAll(async () => {
  // Processing charges settle as soon as the jobs run.
  context = await createTestContext({
    environment: { PUBLIC_URL: 'http://prumo.test', SANDBOX_GATEWAY_SETTLE_SECONDS: '0' },
  });
  organization = await createTestOrganization(context);
  publicKey = await readPublicKey(context, organization.slug);
  gateway = await resolveCardGateway(findGatewayDependencies(context), organization.id);
});

afterEach(() => {
  vi.useRealTimers();
});

let customerNumber = 0;

/** Token → customer → saved card, as the subscriptions flow does it. */
async function saveTestCard(card: Parameters<typeof buildCard>[0] = {}) {
  customerNumber += 1;
  const token = await createCardToken(context, publicKey, card);
  const customer = await gateway.createCustomer({
    code: `user-${customerNumber}`,
    name: 'Maria da Silva',
    email: `maria${customerNumber}@example.com`,
    document: '52998224725',
  });
  const saved = await gateway.saveCard({ customerId: customer.id, cardToken: token });
  return { customerId: customer.id, card: saved };
}

function chargeOnce(customerId: string, cardId: string, idempotencyKey: string) {
  return gateway.chargeCard({
    customerId,
    cardId,
    amountCents: 4990,
    description: 'Plano Essencial — novembro de 2026',
    idempotencyKey,
  });
}

describe('the sandbox answers as Pagar.me v5 through the adapter', () => {
  it('is the organization’s gateway by default, keys made on first use', async () => {
    expect(gateway.provider).toBe('sandbox');
    expect(publicKey).toMatch(/^pk_test_[A-Za-z0-9]{16}$/);
    expect(await countRows(context, 'gateway_sandbox.accounts', `public_key = '${publicKey}'`)).toBe(1);
  });

  it('tokenizes a card with the public key alone and keeps no number nor CVV', async () => {
    const answer = await tokenizeCard(context, publicKey, { number: testCards.paid, cvv: '321' });
    expect(answer.statusCode).toBe(200);
    const token = answer.json();
    expect(token).toMatchObject({
      type: 'card',
      card: {
        first_six_digits: '400000',
        last_four_digits: '0010',
        brand: 'Visa',
        holder_name: 'Maria da Silva',
        exp_month: 12,
      },
    });
    expect(token.id).toMatch(/^token_[A-Za-z0-9]{16}$/);
    expect(new Date(token.expires_at).getTime() - new Date(token.created_at).getTime()).toBe(60_000);
    const stored = await context.database.pool.query('SELECT * FROM gateway_sandbox.tokens WHERE id = $1', [token.id]);
    const text = JSON.stringify(stored.rows);
    expect(text).not.toContain(testCards.paid);
    expect(text).not.toContain('321');
  });

  it('charges 4000000000000010: paid at once', async () => {
    const { customerId, card } = await saveTestCard({ number: testCards.paid });
    expect(card).toEqual({
      id: expect.stringMatching(/^card_/),
      brand: 'Visa',
      lastFourDigits: '0010',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
    });
    const charge = await chargeOnce(customerId, card.id, 'paid-1');
    expect(charge).toMatchObject({ status: 'paid', amountCents: 4990, failure: null });
    expect(charge.id).toMatch(/^ch_/);
    expect(charge.orderId).toMatch(/^or_/);
    expect(charge.paidAt).toBeInstanceOf(Date);
  });

  it('charges 4000000000000028: not authorized, with the acquirer’s message and code', async () => {
    const { customerId, card } = await saveTestCard({ number: testCards.notAuthorized });
    const charge = await chargeOnce(customerId, card.id, 'refused-1');
    expect(charge).toMatchObject({
      status: 'failed',
      failure: { message: 'Transação não autorizada', code: '05' },
      paidAt: null,
    });
  });

  it('charges 4000000000000036: processing, then paid when the settle job runs', async () => {
    const { customerId, card } = await saveTestCard({ number: testCards.processingThenPaid });
    const charge = await chargeOnce(customerId, card.id, 'later-paid-1');
    expect(charge).toMatchObject({ status: 'processing', failure: null });
    await context.app.jobs.workDueJobs();
    expect(await gateway.readCharge(charge.id)).toMatchObject({ id: charge.id, status: 'paid', failure: null });
  });

  it('charges 4000000000000044: processing, then failed when the settle job runs', async () => {
    const { customerId, card } = await saveTestCard({ number: testCards.processingThenFailed });
    const charge = await chargeOnce(customerId, card.id, 'later-failed-1');
    expect(charge.status).toBe('processing');
    await context.app.jobs.workDueJobs();
    expect(await gateway.readCharge(charge.id)).toMatchObject({
      status: 'failed',
      failure: { message: 'Transação não autorizada', code: '05' },
    });
  });

  it('refuses any card whose CVV starts with 6, even the one that is always paid', async () => {
    const { customerId, card } = await saveTestCard({ number: testCards.paid, cvv: '612' });
    const charge = await chargeOnce(customerId, card.id, 'cvv-1');
    expect(charge).toMatchObject({
      status: 'failed',
      failure: { message: 'Código de segurança inválido', code: 'N7' },
    });
    const stored = await context.database.pool.query('SELECT cvv_refused FROM gateway_sandbox.cards WHERE id = $1', [
      card.id,
    ]);
    expect(stored.rows).toEqual([{ cvv_refused: true }]);
  });

  it('makes one charge for one idempotency key, however many times it is sent', async () => {
    const { customerId, card } = await saveTestCard();
    const first = await chargeOnce(customerId, card.id, 'subscription-7-2026-11');
    const [second, third] = await Promise.all([
      chargeOnce(customerId, card.id, 'subscription-7-2026-11'),
      chargeOnce(customerId, card.id, 'subscription-7-2026-11'),
    ]);
    expect(second.id).toBe(first.id);
    expect(third.id).toBe(first.id);
    expect(await countRows(context, 'gateway_sandbox.charges', `card_id = '${card.id}'`)).toBe(1);
    expect(await countRows(context, 'gateway_sandbox.orders', `customer_id = '${customerId}'`)).toBe(1);
    const next = await chargeOnce(customerId, card.id, 'subscription-7-2026-12');
    expect(next.id).not.toBe(first.id);
    expect(await countRows(context, 'gateway_sandbox.charges', `card_id = '${card.id}'`)).toBe(2);
  });

  it('refunds a paid charge, voids a processing one, and cannot cancel a failed one', async () => {
    const paid = await saveTestCard({ number: testCards.paid });
    const paidCharge = await chargeOnce(paid.customerId, paid.card.id, 'refund-1');
    const refunded = await gateway.cancelCharge(paidCharge.id);
    expect(refunded).toMatchObject({ id: paidCharge.id, status: 'canceled' });
    // Canceling again answers it as it is.
    expect(await gateway.cancelCharge(paidCharge.id)).toMatchObject({ status: 'canceled' });

    const later = await saveTestCard({ number: testCards.processingThenPaid });
    const processing = await chargeOnce(later.customerId, later.card.id, 'void-1');
    expect(await gateway.cancelCharge(processing.id)).toMatchObject({ status: 'canceled' });
    await context.app.jobs.workDueJobs();
    // The settle job found it canceled and left it so.
    expect(await gateway.readCharge(processing.id)).toMatchObject({ status: 'canceled' });

    const refused = await saveTestCard({ number: testCards.notAuthorized });
    const failed = await chargeOnce(refused.customerId, refused.card.id, 'cannot-cancel-1');
    await expect(gateway.cancelCharge(failed.id)).rejects.toMatchObject({
      kind: 'invalid',
      status: 422,
      gatewayMessage: 'The charge can not be canceled: its payment failed.',
    });
  });

  it('never charges a deleted card', async () => {
    const { customerId, card } = await saveTestCard();
    await gateway.deleteCard({ customerId, cardId: card.id });
    await expect(chargeOnce(customerId, card.id, 'deleted-1')).rejects.toMatchObject({
      kind: 'invalid',
      fieldErrors: { 'payments[0].credit_card.card_id': ['The card was deleted.'] },
    });
    expect(await countRows(context, 'gateway_sandbox.charges', `card_id = '${card.id}'`)).toBe(0);
  });

  it('answers unknown ids and another account’s ids as not found', async () => {
    await expect(gateway.readCharge('ch_doesnotexist0000')).rejects.toMatchObject({
      kind: 'notFound',
      status: 404,
      gatewayMessage: 'Charge not found.',
    });
    const { customerId, card } = await saveTestCard();
    const charge = await chargeOnce(customerId, card.id, 'other-account-1');
    const other = await createTestOrganization(context);
    const othersGateway = await resolveCardGateway(findGatewayDependencies(context), other.id);
    await expect(othersGateway.readCharge(charge.id)).rejects.toBeInstanceOf(CardGatewayError);
    await expect(othersGateway.readCharge(charge.id)).rejects.toMatchObject({ kind: 'notFound' });
    await expect(
      othersGateway.chargeCard({
        customerId,
        cardId: card.id,
        amountCents: 100,
        description: 'x',
        idempotencyKey: 'k',
      }),
    ).rejects.toMatchObject({ kind: 'notFound', gatewayMessage: 'Customer not found.' });
  });
});

describe('card tokens are single-use and live 60 seconds', () => {
  it('saves a card from a token once; the second use is refused', async () => {
    const token = await createCardToken(context, publicKey);
    const customer = await gateway.createCustomer({
      code: 'single-use',
      name: 'João Souza',
      email: 'joao@example.com',
      document: '52998224725',
    });
    await gateway.saveCard({ customerId: customer.id, cardToken: token });
    const again = gateway.saveCard({ customerId: customer.id, cardToken: token });
    await expect(again).rejects.toMatchObject({
      kind: 'invalid',
      status: 422,
      fieldErrors: { token: ['The token was not found, was already used or has expired.'] },
    });
    expect(await countRows(context, 'gateway_sandbox.cards', `customer_id = '${customer.id}'`)).toBe(1);
  });

  it('refuses a token past its 60 seconds, and takes it within them', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2030-03-10T12:00:00Z');
    vi.setSystemTime(start);
    const customer = await gateway.createCustomer({
      code: 'expiry',
      name: 'Ana Lima',
      email: 'ana@example.com',
      document: '52998224725',
    });
    const late = await createCardToken(context, publicKey);
    const inTime = await createCardToken(context, publicKey);
    vi.setSystemTime(new Date(start.getTime() + 59_000));
    await expect(gateway.saveCard({ customerId: customer.id, cardToken: inTime })).resolves.toMatchObject({
      lastFourDigits: '0010',
    });
    vi.setSystemTime(new Date(start.getTime() + 61_000));
    await expect(gateway.saveCard({ customerId: customer.id, cardToken: late })).rejects.toMatchObject({
      kind: 'invalid',
      fieldErrors: { token: ['The token was not found, was already used or has expired.'] },
    });
  });

  it('refuses another account’s token', async () => {
    const other = await createTestOrganization(context);
    const othersToken = await createCardToken(context, await readPublicKey(context, other.slug));
    const customer = await gateway.createCustomer({
      code: 'foreign-token',
      name: 'Rui Costa',
      email: 'rui@example.com',
      document: '52998224725',
    });
    await expect(gateway.saveCard({ customerId: customer.id, cardToken: othersToken })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('the tokens endpoint refuses as Pagar.me does', () => {
  it('answers 401 to an unknown public key and writes nothing', async () => {
    const before = await countRows(context, 'gateway_sandbox.tokens');
    const answer = await tokenizeCard(context, 'pk_test_unknown000000000');
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'Authorization has been denied for this request.' });
    expect(await countRows(context, 'gateway_sandbox.tokens')).toBe(before);
  });

  it('answers 422 to a number that fails the Luhn check', async () => {
    const answer = await tokenizeCard(context, publicKey, { number: '4000000000000011' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      message: 'The request is invalid.',
      errors: { 'card.number': ['The number field is not a valid card number'] },
    });
  });

  it('answers 422 "Card expired." to a card past its month', async () => {
    const lastYear = new Date().getFullYear() - 1;
    const answer = await tokenizeCard(context, publicKey, { exp_month: 1, exp_year: lastYear });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ message: 'The request is invalid.', errors: { card: ['Card expired.'] } });
  });

  it('names each bad field in English, and never echoes the number', async () => {
    const answer = await context.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/core/v5/tokens?appId=${publicKey}`,
      payload: { type: 'card', card: { number: '4000000000000010', exp_month: 13, exp_year: 2031, cvv: '12' } },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      message: 'The request is invalid.',
      errors: {
        'card.holder_name': ['The holder_name field is required.'],
        'card.exp_month': ['The exp_month field is invalid.'],
        'card.cvv': ['The cvv field is not a valid cvv.'],
      },
    });
    expect(answer.body).not.toContain('4000000000000010');
  });

  it('tells its per-address limit and input Prumo’s guard refuses in its own words, to any origin, never as a 500', async () => {
    const logLines: string[] = [];
    const limited = await createTestContext({ rateLimitScale: 1, logLines });
    const owner = await createTestOrganization(limited);
    const ownerKey = await readPublicKey(limited, owner.slug);
    const post = (payload: unknown) =>
      limited.app.inject({
        method: 'POST',
        url: `/sandbox-gateway/core/v5/tokens?appId=${ownerKey}`,
        headers: { origin: 'https://cliente.example.com', 'content-type': 'application/json' },
        payload: payload as string,
        remoteAddress: '10.20.30.40',
      });
    const nul = await post({ type: 'card', card: buildCard({ holder_name: 'Maria\u0000' }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: 'The request is invalid.' });
    expect(nul.headers['access-control-allow-origin']).toBe('*');
    const deep = await post(`{"type":"card","card":${'['.repeat(100)}${']'.repeat(100)}}`);
    expect(deep.statusCode).toBe(400);
    for (let sent = 2; sent < 60; sent += 1)
      expect((await post({ type: 'card', card: buildCard() })).statusCode).toBe(200);
    const spent = await post({ type: 'card', card: buildCard() });
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toEqual({ message: 'Too many requests.' });
    expect(spent.headers['access-control-allow-origin']).toBe('*');
    expect(logLines.join('\n')).not.toContain('sandbox gateway error');
  });

  it('lets a browser on any origin tokenize (CORS preflight and answer), and 404s unknown sandbox paths as JSON', async () => {
    const preflight = await context.app.inject({
      method: 'OPTIONS',
      url: '/sandbox-gateway/core/v5/tokens',
      headers: { origin: 'https://cliente.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    const answer = await tokenizeCard(context, publicKey);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const unknown = await context.app.inject({ method: 'GET', url: '/sandbox-gateway/core/v5/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Resource not found.' });
  });

  it('refuses calls without the account’s secret key', async () => {
    const answer = await context.app.inject({
      method: 'POST',
      url: '/sandbox-gateway/core/v5/customers',
      headers: { authorization: `Basic ${Buffer.from('sk_test_wrong:').toString('base64')}` },
      payload: { name: 'Ninguém' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: 'Authorization has been denied for this request.' });
    const none = await context.app.inject({ method: 'GET', url: '/sandbox-gateway/core/v5/charges/ch_x' });
    expect(none.statusCode).toBe(401);
  });
});

describe('processing charges wait for the configured delay', () => {
  it('settles after SANDBOX_GATEWAY_SETTLE_SECONDS (5 by default), not before', async () => {
    const waiting = await createTestContext();
    const owner = await createTestOrganization(waiting);
    const waitingGateway = await resolveCardGateway(findGatewayDependencies(waiting), owner.id);
    const token = await createCardToken(waiting, await readPublicKey(waiting, owner.slug), {
      number: testCards.processingThenPaid,
    });
    const customer = await waitingGateway.createCustomer({
      code: 'delay',
      name: 'Bia',
      email: 'bia@example.com',
      document: '52998224725',
    });
    const card = await waitingGateway.saveCard({ customerId: customer.id, cardToken: token });
    const charge = await waitingGateway.chargeCard({
      customerId: customer.id,
      cardId: card.id,
      amountCents: 1000,
      description: 'Plano',
      idempotencyKey: 'delay-1',
    });
    await waiting.app.jobs.workDueJobs();
    expect(await waitingGateway.readCharge(charge.id)).toMatchObject({ status: 'processing' });
    await skipJobDelay(waiting, 'sandbox-gateway-settle-charge');
    await waiting.app.jobs.workDueJobs();
    expect(await waitingGateway.readCharge(charge.id)).toMatchObject({ status: 'paid' });
  });
});

describe('a browser on Prumo’s own page', () => {
  it('posts a card to the tokens endpoint beside the built web app, and no card reaches the log', async () => {
    const webDistDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-web-'));
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><title>Prumo</title>');
    const logLines: string[] = [];
    const served = await createTestContext({ webDistDir, logLines });
    const owner = await createTestOrganization(served);
    const gatewayAnswer = await served.app.inject({ method: 'GET', url: `/api/payment/org/${owner.slug}/gateway/` });
    const { public_key: ownerKey, tokenize_url: tokenizeUrl } = gatewayAnswer.json();
    expect(tokenizeUrl).toBe('http://prumo.test/sandbox-gateway/core/v5/tokens');
    const answer = await served.app.inject({
      method: 'POST',
      url: `${new URL(tokenizeUrl).pathname}?appId=${ownerKey}`,
      headers: { origin: 'http://prumo.test', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      payload: { type: 'card', card: buildCard({ number: testCards.processingThenFailed, cvv: '987' }) },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    // The web app's page is not what answers the sandbox's addresses.
    const page = await served.app.inject({ method: 'GET', url: '/sandbox-gateway/core/v5/tokens' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('application/json');
    expect((await served.app.inject({ method: 'GET', url: '/qualquer-tela' })).headers['content-type']).toContain(
      'text/html',
    );
    const log = logLines.join('\n');
    expect(log).toContain('/sandbox-gateway/core/v5/tokens');
    expect(log).not.toContain(testCards.processingThenFailed);
    // Three digits could turn up in any timestamp: no body is logged, so not even the field's name.
    expect(log).not.toContain('cvv');
  });
});
