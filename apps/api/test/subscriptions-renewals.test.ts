import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveCardGateway } from '../src/adapters/card-gateway/resolve-card-gateway';
import { insertAuthToken, insertUserWithProfile } from '../src/modules/accounts/accounts.repo';
import { subscriptionRenewalsJob } from '../src/modules/subscriptions/index';
import { createCardToken, findGatewayDependencies, skipJobDelay, testCards } from './helpers/card-gateway';
import {
  acceptWithCard,
  countGatewayCharges,
  createPaymentOrganization,
  createPlan,
  proposeOrFail,
  readMe,
  readSubscription,
  renewSession,
  type SubscriptionOrganization,
} from './helpers/subscriptions';
import { call, createTestContext, type TestContext, type TestUser } from './helpers/test-app';

let context: TestContext;
let organization: SubscriptionOrganization;
let planId: number;

/**
 * The clock is frozen, and moved by each test to the days it needs, all before the day the run's
 * other files make their subscriptions: the renewals job reads every organization's, and theirs
 * must not fall due here.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setToday('2026-03-10');
  context = await createTestContext();
  organization = await createPaymentOrganization(context);
  planId = (await createPlan(context, organization)).id;
  // The sandbox's webhooks reach this app: the charges' news come back as Pagar.me's would.
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (context.app.server.address() as AddressInfo).port;
  await context.database.pool.query('UPDATE gateway_sandbox.accounts SET webhook_url = $1 WHERE public_key = $2', [
    `http://127.0.0.1:${port}/api/payment/webhooks/sandbox/`,
    organization.publicKey,
  ]);
});

afterAll(() => {
  vi.useRealTimers();
});

/** 09:00 in Brasília on `day`. */
function setToday(day: string): void {
  vi.setSystemTime(new Date(`${day}T12:00:00Z`));
}

/** The next day in the test's calendar, with fresh sessions (a month later the first ones are long gone). */
async function moveTo(day: string, ...users: TestUser[]): Promise<void> {
  setToday(day);
  for (const user of [organization.client, organization.planner, organization.manager, ...users]) {
    await renewSession(context, user);
  }
}

/** The daily job, as its schedule sends it; what it queues (e-mails, webhooks) is done before it answers. */
async function runDailyJob(): Promise<void> {
  await context.app.jobs.send(subscriptionRenewalsJob, {});
  await context.app.jobs.workDueJobs();
}

/** Lets the sandbox settle its processing charges now, and its webhooks reach Prumo and be applied. */
async function settleProcessingCharges(): Promise<void> {
  for (let round = 0; round < 6; round += 1) {
    await skipJobDelay(context, 'sandbox-gateway-settle-charge');
    await skipJobDelay(context, 'subscription-charges-recovery');
    if ((await context.app.jobs.workDueJobs()) === 0) return;
  }
}

let clientCount = 0;

async function addClient(): Promise<TestUser> {
  clientCount += 1;
  const row = await insertUserWithProfile(
    context.database.db,
    {
      organizationId: organization.id,
      email: `renovacao-${clientCount}@${organization.slug}.test`,
      firstName: 'Renata',
      lastName: 'Teste',
      phone: '11987654321',
      cpf: '52998224725',
      passwordHash: 'not-used',
      confirmed: true,
    },
    'client',
    organization.planner.row.id,
  );
  const token = await insertAuthToken(context.database.db, row.id, new Date(Date.now() + 60 * 60 * 1000));
  return { row, email: row.email, token };
}

async function subscribeAndPay(client: TestUser, card: { number?: string } = {}) {
  const proposal = await proposeOrFail(context, client, planId);
  const paid = await acceptWithCard(context, organization, client, proposal.id, card);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json();
}

async function changeCard(client: TestUser, subscriptionId: number, number: string) {
  const answer = await call(context, 'PUT', `/api/payment/subscriptions/${subscriptionId}/card/`, {
    token: client.token,
    payload: { card_token: await createCardToken(context, organization.publicKey, { number }) },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function readCharges(subscriptionId: number) {
  const result = await context.database.db.execute(
    sql`select kind, due_date, attempt, status, amount_cents::int as amount_cents, idempotency_key from subscription_charges
        where subscription_id = ${subscriptionId} order by id`,
  );
  return result.rows as {
    kind: string;
    due_date: string;
    attempt: number;
    status: string;
    amount_cents: number;
    idempotency_key: string;
  }[];
}

function mailTo(user: TestUser) {
  return context.mailbox.filter((message) => message.to === user.email);
}

describe('renewals (the daily job)', () => {
  it('charges each period on its payday, once however often it runs, the services for their months only', async () => {
    setToday('2026-03-10');
    const client = await addClient();
    const subscription = await subscribeAndPay(client);
    expect(subscription.next_payment_date).toBe('2026-04-10');

    await moveTo('2026-04-09', client);
    await runDailyJob();
    expect(await readCharges(subscription.id)).toHaveLength(1);

    await moveTo('2026-04-10', client);
    await runDailyJob();
    await runDailyJob();
    const renewed = await readSubscription(context, client, subscription.id);
    expect(renewed).toMatchObject({
      status: 'active',
      last_payment_date: '2026-04-10',
      next_payment_date: '2026-05-10',
      last_payment_date_formatted: '10/04/2026',
      next_payment_date_formatted: '10/05/2026',
    });

    await moveTo('2026-05-10', client);
    await runDailyJob();
    expect(await readCharges(subscription.id)).toEqual([
      expect.objectContaining({ kind: 'first', due_date: '2026-03-10', status: 'paid', amount_cents: 25_000 }),
      expect.objectContaining({
        kind: 'renewal',
        due_date: '2026-04-10',
        attempt: 1,
        status: 'paid',
        amount_cents: 25_000,
        idempotency_key: `subscription-${subscription.id}-2026-04-10-1`,
      }),
      // Two periods with services paid: from the third on, the platform and the recurrent amount.
      expect.objectContaining({ kind: 'renewal', due_date: '2026-05-10', status: 'paid', amount_cents: 14_900 }),
    ]);
    expect(await countGatewayCharges(context, client)).toBe(3);
    expect(mailTo(client)).toEqual([]);
  });

  it('tells the client once, three days ahead, that the subscription renews and for how much', async () => {
    setToday('2026-01-10');
    const client = await addClient();
    const subscription = await subscribeAndPay(client);
    expect(subscription.next_payment_date).toBe('2026-02-10');
    const renewalNotices = async () => {
      const listed = await call(context, 'GET', '/api/notification/', { token: client.token });
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json().results.filter((item: { title: string }) => item.title === 'Assinatura será renovada');
    };

    // Four days ahead: not yet.
    await moveTo('2026-02-06', client);
    await runDailyJob();
    expect(await renewalNotices()).toEqual([]);

    await moveTo('2026-02-07', client);
    await runDailyJob();
    await moveTo('2026-02-08', client);
    await runDailyJob();
    expect(await renewalNotices()).toEqual([
      expect.objectContaining({
        body: 'Sua assinatura do plano Completo será renovada em 10/02/2026, com a cobrança de R$ 250,00 no cartão cadastrado.',
        read: false,
        data: expect.objectContaining({ link: `/app/${organization.slug}/configuracao/meu-perfil/assinatura` }),
      }),
    ]);

    // Renewed on its day; the next period is told of on its own, a month later.
    await moveTo('2026-02-10', client);
    await runDailyJob();
    await moveTo('2026-03-08', client);
    await runDailyJob();
    const notices = await renewalNotices();
    expect(notices).toHaveLength(2);
    expect(notices[0].body).toContain('será renovada em 10/03/2026');
  });

  it('retries a failed renewal 1, 3 and 5 days after its due date, e-mailing each time, then suspends', async () => {
    setToday('2026-06-01');
    const client = await addClient();
    const subscription = await subscribeAndPay(client);
    expect(subscription.next_payment_date).toBe('2026-07-10');
    await changeCard(client, subscription.id, testCards.notAuthorized);

    await moveTo('2026-07-10', client);
    await runDailyJob();
    const pastDue = await readSubscription(context, client, subscription.id);
    expect(pastDue).toMatchObject({ status: 'past_due', next_payment_date_formatted: '10/07/2026' });
    const me = await readMe(context, client);
    expect(me).toMatchObject({ has_pending_credit_card: true, current_subscription: { status: 'past_due' } });
    const [first] = mailTo(client);
    expect(first?.subject).toBe(`Não conseguimos cobrar sua assinatura — Organização ${organization.slug}`);
    expect(first?.text).toContain('A cobrança de R$ 250,00 do plano Completo no cartão final 0028 não foi aprovada.');
    expect(first?.text).toContain('Vamos tentar de novo em 11/07/2026.');
    expect(first?.text).toContain(`http://prumo.test/app/${organization.slug}/configuracao/meu-perfil/assinatura`);

    // Run again the same day: nothing more is tried.
    await runDailyJob();
    expect(await readCharges(subscription.id)).toHaveLength(2);

    for (const day of ['2026-07-11', '2026-07-12', '2026-07-13', '2026-07-15']) {
      await moveTo(day, client);
      await runDailyJob();
    }
    const charges = await readCharges(subscription.id);
    expect(charges.slice(1).map((charge) => [charge.due_date, charge.attempt, charge.status])).toEqual([
      ['2026-07-10', 1, 'failed'],
      ['2026-07-10', 2, 'failed'],
      ['2026-07-10', 3, 'failed'],
      ['2026-07-10', 4, 'failed'],
    ]);
    const suspended = await readSubscription(context, client, subscription.id);
    expect(suspended).toMatchObject({ status: 'suspended', next_payment_date_formatted: null });
    expect(mailTo(client).map((message) => message.subject)).toEqual([
      ...Array(3).fill(`Não conseguimos cobrar sua assinatura — Organização ${organization.slug}`),
      `Sua assinatura foi suspensa — Organização ${organization.slug}`,
    ]);
    expect(mailTo(client).at(-1)?.text).toContain('sua assinatura foi suspensa');
    // The bell says it too, once per failed try, newest first.
    const bell = await call(context, 'GET', '/api/notification/', { token: client.token });
    const chargeNotices = bell
      .json()
      .results.filter((item: { title: string }) =>
        ['Cobrança não aprovada', 'Assinatura suspensa'].includes(item.title),
      );
    expect(chargeNotices.map((item: { title: string }) => item.title)).toEqual([
      'Assinatura suspensa',
      ...Array(3).fill('Cobrança não aprovada'),
    ]);
    expect(chargeNotices[0].body).toBe(
      'A cobrança de R$ 250,00 não foi aprovada e sua assinatura foi suspensa. Cadastre outro cartão para reativá-la.',
    );
    expect(await readMe(context, client)).toMatchObject({
      has_pending_credit_card: true,
      current_subscription: { status: 'suspended' },
    });

    await moveTo('2026-07-16', client);
    await runDailyJob();
    expect(await readCharges(subscription.id)).toHaveLength(5);

    // Reactivating a suspended plan takes a paid charge: the failing card is declined (402)…
    const declined = await call(context, 'POST', '/api/subscription/reactivate/', { token: client.token });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().detail).toMatch(/^Pagamento recusado/);
    expect((await readSubscription(context, client, subscription.id)).status).toBe('suspended');
    // …another card starts a new period from today.
    const reactivated = await call(context, 'POST', '/api/subscription/reactivate/', {
      token: client.token,
      payload: { card_token: await createCardToken(context, organization.publicKey) },
    });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({
      status: 'active',
      last_payment_date: '2026-07-16',
      next_payment_date: '2026-09-10',
      card: { last_four_digits: '0010' },
    });
    expect((await readCharges(subscription.id)).slice(-2).map((charge) => [charge.kind, charge.status])).toEqual([
      ['reactivation', 'failed'],
      ['reactivation', 'paid'],
    ]);
    expect(await readMe(context, client)).toMatchObject({ has_pending_credit_card: false });
  });

  it('tries a new card at once while past due, as the next attempt', async () => {
    setToday('2026-08-03');
    const client = await addClient();
    const subscription = await subscribeAndPay(client);
    expect(subscription.next_payment_date).toBe('2026-09-10');
    await changeCard(client, subscription.id, testCards.notAuthorized);
    await moveTo('2026-09-10', client);
    await runDailyJob();
    expect((await readSubscription(context, client, subscription.id)).status).toBe('past_due');

    const changed = await changeCard(client, subscription.id, testCards.paid);
    expect(changed.card.last_four_digits).toBe('0010');
    const read = await readSubscription(context, client, subscription.id);
    expect(read).toMatchObject({ status: 'active', last_payment_date: '2026-09-10', next_payment_date: '2026-10-10' });
    expect((await readCharges(subscription.id)).slice(1).map((charge) => [charge.attempt, charge.status])).toEqual([
      [1, 'failed'],
      [2, 'paid'],
    ]);
  });
});

describe('the gateway’s webhooks', () => {
  it('make a processing first payment active (…0036) or failed (…0044)', async () => {
    setToday('2026-10-01');
    await moveTo('2026-10-01');
    const willPay = await addClient();
    const processing = await subscribeAndPay(willPay, { number: testCards.processingThenPaid });
    expect(processing).toMatchObject({ status: 'processing', step: 2, charges: [{ status: 'processing' }] });
    expect(await readMe(context, willPay)).toMatchObject({
      has_pending_subscription: false,
      current_subscription: { status: 'processing' },
    });
    const again = await acceptWithCard(context, organization, willPay, processing.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'O pagamento desta assinatura ainda está em processamento. Aguarde a confirmação.',
    });

    const willFail = await addClient();
    const failing = await subscribeAndPay(willFail, { number: testCards.processingThenFailed });
    expect(failing.status).toBe('processing');

    await settleProcessingCharges();
    expect(await readSubscription(context, willPay, processing.id)).toMatchObject({
      status: 'active',
      step: 3,
      last_payment_date: '2026-10-01',
      next_payment_date: '2026-11-10',
      charges: [{ status: 'paid' }],
    });
    const failed = await readSubscription(context, willFail, failing.id);
    expect(failed).toMatchObject({
      status: 'failed',
      charges: [{ status: 'failed', failure_message: expect.stringMatching(/^Pagamento recusado/) }],
    });
    expect(await readMe(context, willFail)).toMatchObject({ has_pending_subscription: true });
    expect(await countGatewayCharges(context, willPay)).toBe(1);
    const events = await context.database.db.execute(
      sql`select count(*)::int as count from gateway_events where processed_at is null and provider = 'sandbox'
          and data->>'id' in (select gateway_charge_id from subscription_charges where subscription_id in (${processing.id}, ${failing.id}))`,
    );
    expect((events.rows[0] as { count: number }).count).toBe(0);
  });

  it('end the plan the day the organization refunds the period’s charge', async () => {
    setToday('2026-10-02');
    const client = await addClient();
    const subscription = await subscribeAndPay(client);
    await settleProcessingCharges();
    const [charge] = await readCharges(subscription.id);
    const stored = await context.database.db.execute(
      sql`select gateway_charge_id from subscription_charges where subscription_id = ${subscription.id}`,
    );
    const gateway = await resolveCardGateway(findGatewayDependencies(context), organization.id);
    await gateway.cancelCharge((stored.rows[0] as { gateway_charge_id: string }).gateway_charge_id);
    await settleProcessingCharges();
    expect(charge?.status).toBe('paid');
    expect(await readSubscription(context, client, subscription.id)).toMatchObject({
      status: 'canceled',
      access_ends_on: '2026-10-02',
      charges: [{ status: 'canceled' }],
    });
  });

  it('give back a renewal paid after the client canceled', async () => {
    setToday('2026-09-01');
    const client = await addClient();
    const subscription = await subscribeAndPay(client);
    expect(subscription.next_payment_date).toBe('2026-10-10');
    await changeCard(client, subscription.id, testCards.processingThenPaid);
    await moveTo('2026-10-10', client);
    await runDailyJob();
    expect((await readCharges(subscription.id)).at(-1)).toMatchObject({ kind: 'renewal', status: 'processing' });
    const canceled = await call(context, 'POST', '/api/client/cancel-subscription/', { token: client.token });
    expect(canceled.statusCode).toBe(200);

    await settleProcessingCharges();
    const charges = await readCharges(subscription.id);
    expect(charges.at(-1)).toMatchObject({ kind: 'renewal', status: 'canceled' });
    const refunded = await context.database.db.execute(
      sql`select refund_requested_at is not null as asked, refunded_at is not null as done from subscription_charges
          where subscription_id = ${subscription.id} and kind = 'renewal'`,
    );
    expect(refunded.rows).toEqual([{ asked: true, done: true }]);
    const sandboxStatus = await context.database.db.execute(
      sql`select status from gateway_sandbox.charges where id =
          (select gateway_charge_id from subscription_charges where subscription_id = ${subscription.id} and kind = 'renewal')`,
    );
    expect(sandboxStatus.rows).toEqual([{ status: 'canceled' }]);
    expect(await readSubscription(context, client, subscription.id)).toMatchObject({
      status: 'canceled',
      access_ends_on: '2026-10-10',
    });
  });
});
