import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { subscriptionChargesRecoveryJob } from '../src/modules/subscriptions/index';
import { type ApiProcess, killApiProcesses, startApiProcess } from './helpers/api-process';
import {
  buildAcceptBody,
  createPaymentOrganization,
  createPlan,
  proposeOrFail,
  type SubscriptionOrganization,
} from './helpers/subscriptions';
import { createTestContext, type TestContext, testEncryptionKey } from './helpers/test-app';

/**
 * Prumo killed (SIGKILL) after committing a charge and while Pagar.me holds its answer: after a
 * restart the same idempotency key is sent again, Pagar.me answers the charge it made, and nothing
 * is charged or stored twice. Pagar.me is a fake on loopback that keeps what it was asked.
 */

interface FakeOrder {
  id: string;
  chargeId: string;
  amount: number;
}

/** A Pagar.me v5 imitation: customers, cards from tokens, orders kept per idempotency key. */
class FakePagarme {
  server: Server = createServer((request, response) => void this.answer(request, response));
  orderRequests: { idempotencyKey: string | undefined; authorization: string | undefined }[] = [];
  orders = new Map<string, FakeOrder>();
  /** While set, the first request of a new key is kept unanswered; `held` resolves when one is. */
  holdNewOrders = false;
  private heldResponses: ServerResponse[] = [];
  private onHeld: (() => void) | null = null;

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/core/v5`;
  }

  waitForHeldOrder(): Promise<void> {
    return new Promise((resolve) => {
      this.onHeld = resolve;
    });
  }

  releaseHeld(): void {
    for (const response of this.heldResponses) response.destroy();
    this.heldResponses = [];
  }

  private presentCharge(order: FakeOrder) {
    return {
      id: order.chargeId,
      code: 'prumo',
      amount: order.amount,
      status: 'paid',
      paid_at: new Date().toISOString(),
      order: { id: order.id },
      last_transaction: { status: 'captured', acquirer_message: 'Transação aprovada', acquirer_return_code: '00' },
    };
  }

  private async answer(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = text ? JSON.parse(text) : null;
    const path = (request.url ?? '').replace('/core/v5', '');
    const send = (status: number, answer: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    if (request.method === 'POST' && path === '/customers') return send(200, { id: 'cus_fake000001', ...body });
    if (request.method === 'POST' && /^\/customers\/[^/]+\/cards$/.test(path)) {
      return send(200, {
        id: 'card_fake00001',
        brand: 'Visa',
        last_four_digits: '0010',
        exp_month: 12,
        exp_year: 2031,
      });
    }
    if (request.method === 'POST' && path === '/orders') {
      const key = request.headers['idempotency-key'] as string | undefined;
      this.orderRequests.push({ idempotencyKey: key, authorization: request.headers.authorization });
      const known = key ? this.orders.get(key) : undefined;
      const order = known ?? {
        id: `or_fake${this.orders.size + 1}`,
        chargeId: `ch_fake${this.orders.size + 1}`,
        amount: body.items[0].amount,
      };
      if (key) this.orders.set(key, order);
      if (!known && this.holdNewOrders) {
        // The charge is made; its answer never leaves while Prumo is killed.
        this.heldResponses.push(response);
        this.onHeld?.();
        return;
      }
      return send(200, { id: order.id, status: 'paid', charges: [this.presentCharge(order)] });
    }
    const charge = /^\/charges\/([^/]+)$/.exec(path);
    const order = [...this.orders.values()].find((item) => item.chargeId === charge?.[1]);
    if (request.method === 'GET' && order) return send(200, this.presentCharge(order));
    return send(404, { message: 'Resource not found.' });
  }
}

// The key every test app uses: this file shares its database with others, and a secret it seals
// (the push keys, made once per database) must open in theirs whichever file runs first.
const encryptionKey = testEncryptionKey.toString('base64');
let fake: FakePagarme;
let context: TestContext;
let organization: SubscriptionOrganization;
let planId: number;

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

beforeAll(async () => {
  fake = new FakePagarme();
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  // This process reads the same database with the child's key and gateway address (the recovery test runs the job here).
  context = await createTestContext({
    environment: { ENCRYPTION_KEY: encryptionKey, PAGARME_API_URL: fake.baseUrl, PUBLIC_URL: 'http://prumo.test' },
  });
  organization = await createPaymentOrganization(context);
  planId = (await createPlan(context, organization)).id;
});

afterAll(async () => {
  killApiProcesses();
  fake.releaseHeld();
  await new Promise((resolve) => fake.server.close(resolve));
});

interface RunningPrumo {
  process: ApiProcess;
  url: string;
}

async function startPrumo(dataDir: string, port: number): Promise<RunningPrumo> {
  const started = startApiProcess('src/server.ts', {
    DATABASE_URL: inject('databaseUrl'),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ENCRYPTION_KEY: encryptionKey,
    PAGARME_API_URL: fake.baseUrl,
    // Jobs are left to this test's process: the run's other files share pg-boss's schema.
    RUN_JOBS: 'false',
    SMTP_URL: '',
    // The card calls' per-address limit is kept in the run's database, which other files' calls from
    // 127.0.0.1 fill: this file's calls come, through the loopback proxy, from an address of its own.
    TRUST_PROXY: '127.0.0.1',
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  void started.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !exited) {
    try {
      await fetch(`${url}/api/`);
      return { process: started, url };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`Prumo did not start: ${started.output().stderr}`);
}

/** A documentation address (RFC 5737) no other test file calls from. */
const crashTestAddress = '203.0.113.61';

async function callPrumo(prumo: RunningPrumo, method: string, address: string, token: string, body?: unknown) {
  const response = await fetch(`${prumo.url}${address}`, {
    method,
    headers: {
      authorization: `Token ${token}`,
      'x-forwarded-for': crashTestAddress,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function readChargeRows(subscriptionId: number) {
  const result = await context.database.db.execute(
    sql`select idempotency_key, status, gateway_charge_id, amount_cents::int as amount from subscription_charges
        where subscription_id = ${subscriptionId}`,
  );
  return result.rows;
}

async function readStatus(subscriptionId: number): Promise<string> {
  const result = await context.database.db.execute(sql`select status from subscriptions where id = ${subscriptionId}`);
  return (result.rows[0] as { status: string }).status;
}

/** Starts Prumo on Pagar.me (the fake), and kills it while the first charge's answer is held. */
async function crashDuringFirstCharge(): Promise<{ subscriptionId: number; dataDir: string; port: number }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-crash-test-'));
  const port = await findFreePort();
  const prumo = await startPrumo(dataDir, port);
  const settings = await callPrumo(prumo, 'PUT', '/api/payment/gateway-settings/', organization.manager.token, {
    provider: 'pagarme',
    public_key: 'pk_test_fakepagarme',
    secret_key: 'sk_test_fakepagarme',
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
  const proposal = await proposeOrFail(context, organization.planner, planId, organization.client);

  fake.holdNewOrders = true;
  const held = fake.waitForHeldOrder();
  const accepting = callPrumo(
    prumo,
    'POST',
    `/api/payment/subscriptions/${proposal.id}/accept/`,
    organization.client.token,
    buildAcceptBody({ card_token: 'token_fromthebrowser01' }),
  ).catch((error: Error) => error);
  // An accept answered before Pagar.me was called (a refusal) fails here, not at the test's limit.
  const early = await Promise.race([held.then(() => null), accepting]);
  if (early !== null) throw new Error(`accept answered before the charge: ${JSON.stringify(early)}`);
  // The charge row and its key were committed before Pagar.me was called.
  expect(await readChargeRows(proposal.id)).toEqual([
    {
      idempotency_key: `subscription-${proposal.id}-first-1`,
      status: 'sending',
      gateway_charge_id: null,
      amount: 25_000,
    },
  ]);
  prumo.process.child.kill('SIGKILL');
  await prumo.process.exited;
  expect(await accepting).toBeInstanceOf(Error);
  fake.holdNewOrders = false;
  fake.releaseHeld();
  return { subscriptionId: proposal.id, dataDir, port };
}

describe('a crash between the charge and its answer', () => {
  it('is finished by the next accept after a restart: the same key, one charge at Pagar.me, one row', async () => {
    const { subscriptionId, dataDir, port } = await crashDuringFirstCharge();
    expect(await readStatus(subscriptionId)).toBe('pending');

    const restarted = await startPrumo(dataDir, port);
    const again = await callPrumo(
      restarted,
      'POST',
      `/api/payment/subscriptions/${subscriptionId}/accept/`,
      organization.client.token,
      buildAcceptBody({ card_token: 'token_fromthebrowser01' }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: 'active', charges: [{ status: 'paid', amount: 25_000 }] });

    const key = `subscription-${subscriptionId}-first-1`;
    expect(fake.orderRequests.map((item) => item.idempotencyKey)).toEqual([key, key]);
    expect(fake.orders.size).toBe(1);
    expect(await readChargeRows(subscriptionId)).toEqual([
      { idempotency_key: key, status: 'paid', gateway_charge_id: 'ch_fake1', amount: 25_000 },
    ]);
    expect(await readStatus(subscriptionId)).toBe('active');
    const cards = await context.database.db.execute(
      sql`select count(*)::int as count from saved_cards where client_user_id = ${organization.client.row.id}`,
    );
    expect(cards.rows).toEqual([{ count: 1 }]);

    // Done: a third accept charges nothing.
    const third = await callPrumo(
      restarted,
      'POST',
      `/api/payment/subscriptions/${subscriptionId}/accept/`,
      organization.client.token,
      buildAcceptBody({ card_token: 'token_fromthebrowser01' }),
    );
    expect(third.status).toBe(409);
    expect(fake.orders.size).toBe(1);
    restarted.process.child.kill('SIGTERM');
    expect(await restarted.process.exited).toBe(0);
  }, 180_000);

  it('is finished by the unfinished-charges job when the client never comes back', async () => {
    // The client of the first test is active now: this one pays for the organization's other client.
    fake.orderRequests = [];
    const before = fake.orders.size;
    const client = organization.loneClient;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-crash-test-'));
    const port = await findFreePort();
    const prumo = await startPrumo(dataDir, port);
    const proposal = await proposeOrFail(context, organization.manager, planId, client);
    fake.holdNewOrders = true;
    const held = fake.waitForHeldOrder();
    const accepting = callPrumo(
      prumo,
      'POST',
      `/api/payment/subscriptions/${proposal.id}/accept/`,
      client.token,
      buildAcceptBody({ card_token: 'token_fromthebrowser02' }),
    ).catch((error: Error) => error);
    await held;
    prumo.process.child.kill('SIGKILL');
    await prumo.process.exited;
    await accepting;
    fake.holdNewOrders = false;
    fake.releaseHeld();
    expect(await readStatus(proposal.id)).toBe('pending');

    // Within two minutes a charge without an answer may still be on its way: the job leaves it.
    await context.app.jobs.send(subscriptionChargesRecoveryJob, {});
    await context.app.jobs.workDueJobs();
    expect(fake.orderRequests).toHaveLength(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(Date.now() + 3 * 60_000));
      await context.app.jobs.send(subscriptionChargesRecoveryJob, {});
      await context.app.jobs.workDueJobs();
    } finally {
      vi.useRealTimers();
    }
    const key = `subscription-${proposal.id}-first-1`;
    expect(fake.orderRequests.map((item) => item.idempotencyKey)).toEqual([key, key]);
    expect(fake.orders.size).toBe(before + 1);
    expect(await readChargeRows(proposal.id)).toEqual([
      { idempotency_key: key, status: 'paid', gateway_charge_id: `ch_fake${before + 1}`, amount: 25_000 },
    ]);
    expect(await readStatus(proposal.id)).toBe('active');
  }, 180_000);
});
