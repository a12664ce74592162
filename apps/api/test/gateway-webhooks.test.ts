import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { CardGateway } from '../src/adapters/card-gateway/card-gateway';
import { resolveCardGateway } from '../src/adapters/card-gateway/resolve-card-gateway';
import { findSigningKey, readSandboxKeySet } from '../src/adapters/card-gateway/sandbox/sandbox-signing-keys';
import {
  type JsonWebKeySet,
  parseSignatureHeader,
  signWebhookBody,
  verifyWebhookBody,
} from '../src/adapters/card-gateway/webhook-signature';
import { openDatabase } from '../src/db/database';
import { createGatewayEventJob, type GatewayEvent, readEventCharge } from '../src/modules/payment-gateway/index';
import {
  countRows,
  createCardToken,
  findGatewayDependencies,
  readPublicKey,
  skipJobDelay,
  testCards,
} from './helpers/card-gateway';
import { createTestContext, createTestOrganization, type TestContext, type TestOrganization } from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let gateway: CardGateway;
let publicKey: string;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  publicKey = await readPublicKey(context, organization.slug);
  gateway = await resolveCardGateway(findGatewayDependencies(context), organization.id);
});

const receiverUrl = '/api/payment/webhooks/sandbox/';

function buildEventBody(id: string, type = 'charge.paid') {
  return JSON.stringify({
    id,
    account: { id: 'acc_test' },
    type,
    created_at: '2026-11-24T12:00:00Z',
    data: { id: 'ch_abc', amount: 4990, status: 'paid', paid_at: '2026-11-24T12:00:00Z' },
  });
}

async function signWithSandboxKey(body: string): Promise<string> {
  const key = await findSigningKey(context.database.db, context.config);
  return signWebhookBody(body, key.kid, key.privateKey);
}

function postWebhook(body: string, headers: Record<string, string>, provider = 'sandbox') {
  return context.app.inject({
    method: 'POST',
    url: `/api/payment/webhooks/${provider}/`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

async function chargePaidCard(idempotencyKey: string) {
  const token = await createCardToken(context, publicKey, { number: testCards.paid });
  const customer = await gateway.createCustomer({
    code: idempotencyKey,
    name: 'Maria',
    email: 'maria@example.com',
    document: '52998224725',
  });
  const card = await gateway.saveCard({ customerId: customer.id, cardToken: token });
  return gateway.chargeCard({
    customerId: customer.id,
    cardId: card.id,
    amountCents: 4990,
    description: 'Plano',
    idempotencyKey,
  });
}

async function pointWebhooksAt(url: string): Promise<void> {
  await context.database.pool.query('UPDATE gateway_sandbox.accounts SET webhook_url = $1 WHERE public_key = $2', [
    url,
    publicKey,
  ]);
}

describe('the webhook receiver checks the signature on the raw body', () => {
  it('takes a well-signed event once: stored, applied by a job, a repeat changes nothing', async () => {
    const body = buildEventBody('hook_goodsignature01');
    const headers = { 'x-webhook-asymmetric-signature': await signWithSandboxKey(body) };
    const first = await postWebhook(body, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ detail: 'Evento recebido.' });
    const stored = await context.database.pool.query(
      "SELECT provider, type, account_id, processed_at FROM gateway_events WHERE event_id = 'hook_goodsignature01'",
    );
    expect(stored.rows).toEqual([
      { provider: 'sandbox', type: 'charge.paid', account_id: 'acc_test', processed_at: null },
    ]);
    expect(await context.app.jobs.workDueJobs()).toBeGreaterThanOrEqual(1);
    const processed = await context.database.pool.query(
      "SELECT processed_at FROM gateway_events WHERE event_id = 'hook_goodsignature01'",
    );
    expect(processed.rows[0].processed_at).toBeInstanceOf(Date);

    const replay = await postWebhook(body, headers);
    expect(replay.statusCode).toBe(200);
    expect(await countRows(context, 'gateway_events', "event_id = 'hook_goodsignature01'")).toBe(1);
    // Processed already: a repeat queues no work.
    expect(await context.app.jobs.workDueJobs()).toBe(0);
  });

  it('queues one job for an event however often it arrives before it is applied', async () => {
    const body = buildEventBody('hook_replayedearly01');
    const headers = { 'x-webhook-asymmetric-signature': await signWithSandboxKey(body) };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postWebhook(body, headers)).statusCode).toBe(200);
    }
    expect(await context.app.jobs.workDueJobs()).toBe(1);
    expect(
      await countRows(context, 'gateway_events', "event_id = 'hook_replayedearly01' AND processed_at IS NOT NULL"),
    ).toBe(1);
  });

  it('checks the exact bytes, whatever content type they come with', async () => {
    // Spacing a JSON parser would drop is part of what was signed.
    const body = buildEventBody('hook_plaintextbody01').replace('{', '{ ');
    const signature = await signWithSandboxKey(body);
    const asText = await context.app.inject({
      method: 'POST',
      url: receiverUrl,
      payload: body,
      headers: { 'content-type': 'text/plain', 'x-webhook-asymmetric-signature': signature },
    });
    expect(asText.statusCode).toBe(200);
    const untyped = await context.app.inject({
      method: 'POST',
      url: receiverUrl,
      payload: Buffer.from(buildEventBody('hook_notypebody00001')),
      headers: { 'x-webhook-asymmetric-signature': await signWithSandboxKey(buildEventBody('hook_notypebody00001')) },
    });
    expect(untyped.statusCode).toBe(200);
    expect(
      await countRows(context, 'gateway_events', "event_id IN ('hook_plaintextbody01', 'hook_notypebody00001')"),
    ).toBe(2);
  });

  it('refuses a missing or malformed signature with 400 and stores nothing', async () => {
    const body = buildEventBody('hook_nosignature0001');
    const missing = await postWebhook(body, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ detail: 'Assinatura do webhook ausente ou malformada.' });
    const malformed = await postWebhook(body, { 'x-webhook-asymmetric-signature': 'alg=RS256; kid=x' });
    expect(malformed.statusCode).toBe(400);
    expect(await countRows(context, 'gateway_events', "event_id = 'hook_nosignature0001'")).toBe(0);
  });

  it('answers a megabyte of forged bytes at once: nothing walks them before the signature', async () => {
    // Anyone may post here: each byte of the raw body used to be walked as an input field (seconds of CPU a call).
    const bytes = Buffer.alloc(1_000_000, 0x20);
    const signature = await signWithSandboxKey(buildEventBody('hook_forgedbytes0001'));
    const started = performance.now();
    const answer = await postWebhook(bytes.toString(), { 'x-webhook-asymmetric-signature': signature });
    expect(answer.statusCode).toBe(401);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('refuses a tampered body, another key, an unknown key id or another algorithm with 401, storing nothing', async () => {
    const body = buildEventBody('hook_badsignature001');
    const signature = await signWithSandboxKey(body);
    const tampered = await postWebhook(body.replace('4990', '1'), { 'x-webhook-asymmetric-signature': signature });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: 'Assinatura do webhook inválida.' });

    const { kid } = await findSigningKey(context.database.db, context.config);
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = await postWebhook(body, { 'x-webhook-asymmetric-signature': signWebhookBody(body, kid, stranger) });
    expect(forged.statusCode).toBe(401);

    const unknownKid = signature.replace(`kid=${kid}`, 'kid=someone-else');
    expect((await postWebhook(body, { 'x-webhook-asymmetric-signature': unknownKid })).statusCode).toBe(401);
    const otherAlg = signature.replace('alg=RS256', 'alg=HS256');
    expect((await postWebhook(body, { 'x-webhook-asymmetric-signature': otherAlg })).statusCode).toBe(401);
    expect(await countRows(context, 'gateway_events', "event_id = 'hook_badsignature001'")).toBe(0);
  });

  it('refuses a well-signed body that is no event, and an unknown provider', async () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    const answer = await postWebhook(notEvent, {
      'x-webhook-asymmetric-signature': await signWithSandboxKey(notEvent),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Evento do webhook inválido.' });
    const body = buildEventBody('hook_unknownprovider');
    const unknown = await postWebhook(
      body,
      { 'x-webhook-asymmetric-signature': await signWithSandboxKey(body) },
      'stripe',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses well-signed JSON that is no object or that PostgreSQL cannot keep with 400, storing nothing', async () => {
    const event = (id: string, data: string) => `{"id":"${id}","type":"charge.paid","data":${data}}`;
    const bodies = [
      '[]',
      'null',
      '42',
      '"hook_text"',
      event('hook_nulcharacter001', '{"note":"a\\u0000b"}'),
      event('hook_halfsurrogate01', '{"note":"a\\ud800b"}'),
      event('hook_nestedtoodeep1', `${'['.repeat(200)}${']'.repeat(200)}`),
    ];
    for (const body of bodies) {
      const answer = await postWebhook(body, { 'x-webhook-asymmetric-signature': await signWithSandboxKey(body) });
      expect(answer.statusCode, body.slice(0, 80)).toBe(400);
      expect(answer.json()).toEqual({ detail: 'Evento do webhook inválido.' });
    }
    expect(
      await countRows(
        context,
        'gateway_events',
        "event_id IN ('hook_nulcharacter001', 'hook_halfsurrogate01', 'hook_nestedtoodeep1')",
      ),
    ).toBe(0);
  });

  it('answers 503 to Pagar.me’s webhooks while no key set is configured, so Pagar.me retries later', async () => {
    const body = buildEventBody('hook_pagarmeoff00001');
    const answer = await postWebhook(
      body,
      { 'x-webhook-asymmetric-signature': await signWithSandboxKey(body) },
      'pagarme',
    );
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ detail: 'O recebimento de webhooks do Pagar.me não está configurado.' });
    expect(await countRows(context, 'gateway_events', "event_id = 'hook_pagarmeoff00001'")).toBe(0);
  });

  it('publishes the sandbox’s public keys as a JWKS that verifies what it signs', async () => {
    const body = buildEventBody('hook_jwkscheck000001');
    const header = await signWithSandboxKey(body);
    const answer = await context.app.inject({ method: 'GET', url: '/sandbox-gateway/.well-known/jwks.json' });
    expect(answer.statusCode).toBe(200);
    const keySet = answer.json() as JsonWebKeySet;
    expect(keySet.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keySet.keys[0]).not.toHaveProperty('d');
    const signature = parseSignatureHeader(header);
    if (!signature) throw new Error('no signature');
    expect(verifyWebhookBody(Buffer.from(body), signature, keySet)).toBe(true);
    // The private half is kept encrypted.
    const stored = await context.database.pool.query('SELECT private_key_ciphertext FROM gateway_sandbox.signing_keys');
    expect(stored.rows[0].private_key_ciphertext).toMatch(/^v1\./);
    expect(stored.rows[0].private_key_ciphertext).not.toContain('PRIVATE KEY');
  });
});

describe('the sandbox’s signing key', () => {
  it('is made anew by a process that reads none of the stored ones, the older public keys kept', async () => {
    const first = await findSigningKey(context.database.db, context.config);
    // Another process, on the same database, with another ENCRYPTION_KEY.
    const other = await openDatabase(inject('databaseUrl'));
    try {
      const second = await findSigningKey(other.db, { ...context.config, encryptionKey: randomBytes(32) });
      expect(second.kid).not.toBe(first.kid);
      const kids = (await readSandboxKeySet(context.database.db)).keys.map((key) => key.kid);
      expect(kids).toEqual(expect.arrayContaining([first.kid, second.kid]));
      // The first process keeps signing with the key it reads.
      expect((await findSigningKey(context.database.db, context.config)).kid).toBe(first.kid);
    } finally {
      await other.close();
    }
  });
});

describe('the sandbox delivers its webhooks until the receiver acknowledges them', () => {
  let receiver: Server;
  let received: { body: string; signature: string | undefined }[] = [];
  let refusalsLeft = 0;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ body, signature: request.headers['x-webhook-asymmetric-signature'] as string | undefined });
        if (refusalsLeft > 0) {
          refusalsLeft -= 1;
          response.writeHead(500).end('down');
        } else {
          response.writeHead(200).end('ok');
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('retries with a delay after each refusal, then stops at the first 2xx', async () => {
    received = [];
    refusalsLeft = 2;
    await pointWebhooksAt(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`);
    const charge = await chargePaidCard('delivery-1');
    await context.app.jobs.workDueJobs();
    expect(received).toHaveLength(1);
    // Not due again before its delay.
    await context.app.jobs.workDueJobs();
    expect(received).toHaveLength(1);
    await skipJobDelay(context, 'sandbox-gateway-webhook');
    await context.app.jobs.workDueJobs();
    expect(received).toHaveLength(2);
    await skipJobDelay(context, 'sandbox-gateway-webhook');
    await context.app.jobs.workDueJobs();
    expect(received).toHaveLength(3);
    await skipJobDelay(context, 'sandbox-gateway-webhook');
    await context.app.jobs.workDueJobs();
    expect(received).toHaveLength(3);

    // The same signed bytes every time, for the charge just paid.
    expect(new Set(received.map((delivery) => delivery.body)).size).toBe(1);
    const event = JSON.parse(received[0]?.body ?? '{}');
    expect(event).toMatchObject({ type: 'charge.paid', data: { id: charge.id, status: 'paid', amount: 4990 } });
    expect(event.id).toMatch(/^hook_/);
    const delivery = await context.database.pool.query(
      'SELECT attempts, last_response_status, delivered_at FROM gateway_sandbox.webhook_deliveries WHERE id = $1',
      [event.id],
    );
    expect(delivery.rows[0]).toMatchObject({ attempts: 3, last_response_status: 200 });
    expect(delivery.rows[0].delivered_at).toBeInstanceOf(Date);
    const keySet = (await context.app.inject({ method: 'GET', url: '/sandbox-gateway/.well-known/jwks.json' })).json();
    const signature = parseSignatureHeader(received[0]?.signature);
    if (!signature) throw new Error('no signature header');
    expect(verifyWebhookBody(Buffer.from(received[0]?.body ?? ''), signature, keySet)).toBe(true);
  });

  it('reaches Prumo’s own receiver: the event is stored once and applied', async () => {
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    await pointWebhooksAt(`${address}${receiverUrl}`);
    const charge = await chargePaidCard('loop-1');
    await context.app.jobs.workDueJobs();
    const events = await context.database.pool.query(
      "SELECT type, data, processed_at FROM gateway_events WHERE provider = 'sandbox' AND data->>'id' = $1",
      [charge.id],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]).toMatchObject({ type: 'charge.paid', data: { id: charge.id, status: 'paid' } });
    expect(events.rows[0].processed_at).toBeInstanceOf(Date);

    const refund = await gateway.cancelCharge(charge.id);
    expect(refund.status).toBe('canceled');
    await context.app.jobs.workDueJobs();
    const refunded = await context.database.pool.query(
      "SELECT type FROM gateway_events WHERE provider = 'sandbox' AND data->>'id' = $1 ORDER BY received_at",
      [charge.id],
    );
    expect(refunded.rows.map((row) => row.type)).toEqual(['charge.paid', 'charge.refunded']);
  });
});

describe('the job that applies an event', () => {
  it('hands the event to the handler once, and leaves it unprocessed while the handler fails', async () => {
    const handled: GatewayEvent[] = [];
    let failuresLeft = 1;
    const job = createGatewayEventJob(async (event) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('subscription store down');
      }
      handled.push(event);
    });
    const body = JSON.stringify({
      id: 'hook_handlerrun00001',
      account: { id: 'acc_x' },
      type: 'charge.payment_failed',
      created_at: '2026-11-24T12:00:00Z',
      data: {
        id: 'ch_handler',
        amount: 100,
        status: 'failed',
        order: { id: 'or_1' },
        last_transaction: { acquirer_message: 'Transação não autorizada', acquirer_return_code: '05' },
      },
    });
    await postWebhook(body, { 'x-webhook-asymmetric-signature': await signWithSandboxKey(body) });
    const [row] = (
      await context.database.pool.query("SELECT id FROM gateway_events WHERE event_id = 'hook_handlerrun00001'")
    ).rows;
    const jobContext = {
      deps: {
        db: context.database.db,
        config: context.config,
        mailer: { send: async () => {} },
        storage: {} as never,
        cepLookup: {} as never,
      },
      jobs: context.app.jobs,
      jobId: 'test',
      attempt: 1,
      processId: 'test',
      log: { info: () => {}, error: () => {} },
    };
    await expect(job.handle({ eventRowId: row.id }, jobContext)).rejects.toThrow('subscription store down');
    expect(
      (await context.database.pool.query('SELECT processed_at FROM gateway_events WHERE id = $1', [row.id])).rows[0]
        .processed_at,
    ).toBeNull();
    await job.handle({ eventRowId: row.id }, jobContext);
    await job.handle({ eventRowId: row.id }, jobContext);
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatchObject({
      provider: 'sandbox',
      eventId: 'hook_handlerrun00001',
      type: 'charge.payment_failed',
      accountId: 'acc_x',
      occurredAt: new Date('2026-11-24T12:00:00Z'),
    });
    expect(readEventCharge(handled[0] as GatewayEvent)).toEqual({
      id: 'ch_handler',
      orderId: 'or_1',
      status: 'failed',
      amountCents: 100,
      failure: { message: 'Transação não autorizada', code: '05' },
      paidAt: null,
    });
  });
});
