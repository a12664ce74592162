import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertAuthToken, insertUserWithProfile } from '../src/modules/accounts/accounts.repo';
import { cardAttemptsPerAddress } from '../src/modules/subscriptions/subscriptions.routes';
import { rateLimitMessage } from '../src/plugins/rate-limit';
import { createCardToken, testCards } from './helpers/card-gateway';
import {
  accept,
  acceptWithCard,
  buildAcceptBody,
  countChargeRows,
  countGatewayCharges,
  createPaymentOrganization,
  createPlan,
  findRowsContaining,
  platformPlan,
  propose,
  proposeOrFail,
  readMe,
  readSubscription,
  type SubscriptionOrganization,
  servicePlan,
} from './helpers/subscriptions';
import { addOtherPlannersClient, call, createTestContext, type TestContext, type TestUser } from './helpers/test-app';

const logLines: string[] = [];
let context: TestContext;
let organization: SubscriptionOrganization;
let otherOrganization: SubscriptionOrganization;
let servicePlanId: number;
let platformPlanId: number;
/** A client of another planner of `organization`. */
let othersClient: TestUser;

beforeAll(async () => {
  context = await createTestContext({ logLines });
  organization = await createPaymentOrganization(context);
  otherOrganization = await createPaymentOrganization(context);
  servicePlanId = (await createPlan(context, organization)).id;
  platformPlanId = (await createPlan(context, organization, platformPlan)).id;
  othersClient = await addOtherPlannersClient(context, organization);
});

const declined = 'Pagamento recusado pelo banco emissor do cartão. Verifique os dados ou use outro cartão.';
const tokenUnusable = 'Os dados do cartão expiraram ou já foram usados. Digite o cartão novamente.';

/** A client of its own (with the organization's planner), so each test starts without a subscription. */
async function addClient(target: SubscriptionOrganization = organization): Promise<TestUser> {
  const email = `cliente-${Math.random().toString(36).slice(2, 10)}@${target.slug}.test`;
  const row = await insertUserWithProfile(
    context.database.db,
    {
      organizationId: target.id,
      email,
      firstName: 'Cliente',
      lastName: 'Teste',
      phone: '11987654321',
      cpf: '52998224725',
      passwordHash: 'not-used',
      confirmed: true,
    },
    'client',
    target.planner.row.id,
  );
  const token = await insertAuthToken(context.database.db, row.id, new Date(Date.now() + 60 * 60 * 1000));
  return { row, email, token };
}

async function readChargeKeys(subscriptionId: number): Promise<string[]> {
  const result = await context.database.db.execute(
    sql`select idempotency_key from subscription_charges where subscription_id = ${subscriptionId} order by id`,
  );
  return (result.rows as { idempotency_key: string }[]).map((row) => row.idempotency_key);
}

describe('proposing a plan (POST payment/subscriptions/)', () => {
  it('a client subscribes to the platform plan and accepts it without a card', async () => {
    const client = await addClient();
    const created = await propose(context, client, platformPlanId);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'pending',
      step: 1,
      plan: { id: platformPlanId, name: 'Plataforma', type: 'platform', plan_code: 1 },
      client: { id: client.row.id, email: client.email },
      total_amount: 0,
      card: null,
      charges: [],
      accepted_at: null,
    });
    expect(await readMe(context, client)).toMatchObject({
      has_pending_subscription: true,
      current_subscription: null,
    });

    const accepted = await accept(context, client, created.json().id, { accepts: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active', step: 3, charges: [], next_payment_date: null });
    expect((await readMe(context, client)).current_subscription).toEqual({
      id: created.json().id,
      status: 'active',
      plan_code: 1,
      plan_name: 'Plataforma',
      last_payment_date_formatted: null,
      next_payment_date_formatted: null,
    });
    expect(await countChargeRows(context, created.json().id)).toBe(0);
  });

  it('a planner proposes for their client, a manager for any client; a new proposal replaces an open one', async () => {
    const client = await addClient();
    const byPlanner = await proposeOrFail(context, organization.planner, servicePlanId, client);
    const byManager = await proposeOrFail(context, organization.manager, platformPlanId, client);
    expect((await readSubscription(context, client, byPlanner.id)).status).toBe('rejected');
    expect((await readSubscription(context, client, byManager.id)).status).toBe('pending');
    const listed = await call(context, 'GET', '/api/payment/subscriptions/', { token: client.token });
    expect(listed.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(listed.json().results.map((item: { id: number }) => item.id)).toEqual([byManager.id, byPlanner.id]);
  });

  it('refuses another organization’s plan (404), an inactive plan (400) and a client out of reach (404), storing nothing', async () => {
    const client = await addClient();
    const foreignPlan = await createPlan(context, otherOrganization);
    const foreign = await propose(context, client, foreignPlan.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Plano não encontrado.' });

    const inactive = await createPlan(context, organization, { ...platformPlan, name: 'Antigo', is_active: false });
    const refused = await propose(context, client, inactive.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ plan: ['Este plano não está mais disponível.'] });

    const outOfReach = await propose(context, organization.planner, servicePlanId, othersClient);
    expect(outOfReach.statusCode).toBe(404);
    expect(outOfReach.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const foreignClient = await propose(context, otherOrganization.manager, platformPlanId, client);
    expect(foreignClient.statusCode).toBe(404);
    const withoutClient = await propose(context, organization.planner, servicePlanId);
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json()).toEqual({ clientId: ['Este campo é obrigatório'] });

    const stored = await context.database.db.execute(
      sql`select count(*)::int as count from subscriptions where client_user_id in (${client.row.id}, ${othersClient.row.id})`,
    );
    expect((stored.rows[0] as { count: number }).count).toBe(0);
    expect((await readMe(context, client)).has_pending_subscription).toBe(false);
  });

  it('refuses a proposal while the client has a subscription in effect (409)', async () => {
    const client = await addClient();
    const first = await proposeOrFail(context, client, servicePlanId);
    expect((await acceptWithCard(context, organization, client, first.id)).statusCode).toBe(200);
    const second = await propose(context, organization.planner, platformPlanId, client);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/^Este cliente já tem uma assinatura em andamento/);
  });

  it('refuses to accept a proposal whose plan was switched off since (409), charging nothing', async () => {
    const cardPlan = await createPlan(context, organization, { ...servicePlan, name: 'Retirado' });
    const freePlan = await createPlan(context, organization, { ...platformPlan, name: 'Plataforma retirada' });
    const payer = await addClient();
    const cardProposal = await proposeOrFail(context, organization.planner, cardPlan.id, payer);
    const taker = await addClient();
    const freeProposal = await proposeOrFail(context, organization.planner, freePlan.id, taker);
    for (const plan of [cardPlan, freePlan]) {
      const switchedOff = await call(context, 'PUT', `/api/payment/plans/${plan.id}/`, {
        token: organization.manager.token,
        payload: { is_active: false },
      });
      expect(switchedOff.statusCode, switchedOff.body).toBe(200);
    }

    const paying = await acceptWithCard(context, organization, payer, cardProposal.id);
    expect(paying.statusCode).toBe(409);
    expect(paying.json()).toEqual({ detail: 'Este plano não está mais disponível.' });
    expect((await readSubscription(context, payer, cardProposal.id)).status).toBe('pending');
    expect(await countChargeRows(context, cardProposal.id)).toBe(0);
    expect(await countGatewayCharges(context, payer)).toBe(0);

    const taking = await accept(context, taker, freeProposal.id, { accepts: true });
    expect(taking.statusCode).toBe(409);
    expect(taking.json()).toEqual({ detail: 'Este plano não está mais disponível.' });
    expect((await readSubscription(context, taker, freeProposal.id)).status).toBe('pending');

    // Declining it still works, and ends it.
    const declining = await accept(context, taker, freeProposal.id, { accepts: false });
    expect(declining.statusCode).toBe(200);
    expect(declining.json().status).toBe('rejected');
  });
});

describe('paying a card plan (POST payment/subscriptions/{id}/accept/)', () => {
  it('saves the card, charges it once with an idempotency key, and makes the subscription active', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, organization.planner, servicePlanId, client);
    expect((await readMe(context, client)).has_pending_subscription).toBe(true);
    const paid = await acceptWithCard(context, organization, client, proposal.id);
    expect(paid.statusCode, paid.body).toBe(200);
    const subscription = paid.json();
    expect(subscription).toMatchObject({
      status: 'active',
      step: 3,
      total_amount: 25_000,
      payday: 10,
      card: { brand: 'Visa', last_four_digits: '0010', exp_month: 12 },
      charges: [
        {
          amount: 25_000,
          status: 'paid',
          attempt: 1,
          failure_message: null,
          card: { brand: 'Visa', last_four_digits: '0010' },
        },
      ],
    });
    expect(subscription.last_payment_date).toEqual(subscription.charges[0].due_date);
    expect(subscription.next_payment_date).toMatch(/^\d{4}-\d{2}-10$/);
    expect(subscription.next_payment_date_formatted).toMatch(/^10\/\d{2}\/\d{4}$/);
    expect(await readChargeKeys(proposal.id)).toEqual([`subscription-${proposal.id}-first-1`]);
    expect(await countGatewayCharges(context, client)).toBe(1);

    const me = await readMe(context, client);
    expect(me).toMatchObject({ has_pending_subscription: false, has_pending_credit_card: false });
    expect(me.current_subscription).toMatchObject({
      id: proposal.id,
      status: 'active',
      plan_code: 2,
      plan_name: 'Completo',
    });

    const cards = await call(context, 'GET', '/api/payment/card/', { token: client.token });
    expect(cards.json()).toEqual([subscription.card]);
  });

  it('answers 402 with the pt-BR reason for a declined card and a refused CVV; the client pays later with another card', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const notAuthorized = await acceptWithCard(context, organization, client, proposal.id, {
      number: testCards.notAuthorized,
    });
    expect(notAuthorized.statusCode).toBe(402);
    expect(notAuthorized.json()).toEqual({ detail: declined });
    const failed = await readSubscription(context, client, proposal.id);
    expect(failed).toMatchObject({
      status: 'failed',
      step: 2,
      charges: [{ status: 'failed', failure_message: declined }],
    });
    expect(await readMe(context, client)).toMatchObject({ has_pending_subscription: true, current_subscription: null });

    const cvvRefused = await acceptWithCard(context, organization, client, proposal.id, { cvv: '612' });
    expect(cvvRefused.statusCode).toBe(402);
    expect(cvvRefused.json()).toEqual({ detail: declined });

    const paid = await acceptWithCard(context, organization, client, proposal.id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('active');
    expect(
      paid.json().charges.map((charge: { status: string; attempt: number }) => [charge.status, charge.attempt]),
    ).toEqual([
      ['paid', 3],
      ['failed', 2],
      ['failed', 1],
    ]);
    expect(await countGatewayCharges(context, client)).toBe(3);
  });

  it('pays with a card saved before (creditCard), and refuses another client’s card', async () => {
    const client = await addClient();
    const saved = await call(context, 'POST', '/api/payment/card/', {
      token: client.token,
      payload: { card_token: await createCardToken(context, organization.publicKey) },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toEqual({
      id: expect.any(Number),
      brand: 'Visa',
      last_four_digits: '0010',
      exp_month: 12,
      exp_year: expect.any(Number),
      created_at: expect.any(String),
    });
    const stranger = await addClient();
    const strangersProposal = await proposeOrFail(context, stranger, servicePlanId);
    const refused = await accept(
      context,
      stranger,
      strangersProposal.id,
      buildAcceptBody({ creditCard: saved.json().id }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ creditCard: ['Cartão não encontrado.'] });
    expect(await countChargeRows(context, strangersProposal.id)).toBe(0);

    const proposal = await proposeOrFail(context, client, servicePlanId);
    const paid = await accept(context, client, proposal.id, buildAcceptBody({ creditCard: saved.json().id }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().card.id).toBe(saved.json().id);
  });

  it('checks the address, the CPF and the card before anything is charged', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const empty = await accept(context, client, proposal.id, { accepts: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      address: ['Este campo é obrigatório'],
      cpf: ['Número de CPF é obrigatório'],
      card_token: ['Informe o cartão: um cartão novo (card_token) ou um cartão salvo (creditCard).'],
    });
    const token = await createCardToken(context, organization.publicKey);
    const badCep = await accept(context, client, proposal.id, {
      ...buildAcceptBody({ card_token: token }),
      address: { ...buildAcceptBody({}).address, zipcode: '0100-1000' },
      cpf: '123.456.789-00',
    });
    expect(badCep.statusCode).toBe(400);
    expect(badCep.json()).toEqual({ 'address.zipcode': ['CEP inválido.'], cpf: ['Cpf inválido'] });
    const both = await accept(context, client, proposal.id, buildAcceptBody({ card_token: token, creditCard: 1 }));
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ card_token: ['Informe um cartão só: card_token ou creditCard.'] });
    expect((await readSubscription(context, client, proposal.id)).status).toBe('pending');
    expect(await countChargeRows(context, proposal.id)).toBe(0);
  });

  it('refuses a used or expired token with a pt-BR 400 and charges nothing', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const token = await createCardToken(context, organization.publicKey);
    expect(
      (await call(context, 'POST', '/api/payment/card/', { token: client.token, payload: { card_token: token } }))
        .statusCode,
    ).toBe(201);
    const reused = await accept(context, client, proposal.id, buildAcceptBody({ card_token: token }));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ card_token: [tokenUnusable] });

    const expiring = await createCardToken(context, organization.publicKey);
    await context.database.db.execute(
      sql`update gateway_sandbox.tokens set expires_at = now() - interval '1 second' where id = ${expiring}`,
    );
    const expired = await accept(context, client, proposal.id, buildAcceptBody({ card_token: expiring }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ card_token: [tokenUnusable] });
    const unknown = await call(context, 'POST', '/api/payment/card/', {
      token: client.token,
      payload: { card_token: 'token_doesnotexist000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ card_token: [tokenUnusable] });

    expect((await readSubscription(context, client, proposal.id)).status).toBe('pending');
    expect(await countChargeRows(context, proposal.id)).toBe(0);
    expect(await countGatewayCharges(context, client)).toBe(0);
  });

  it('charges once for a double click: the second accept waits its turn (409) or answers the same charge', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const body = buildAcceptBody({ card_token: await createCardToken(context, organization.publicKey) });
    const answers = await Promise.all([
      accept(context, client, proposal.id, body),
      accept(context, client, proposal.id, body),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(codes);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json().detail).toMatch(/em processamento|não está aguardando pagamento/);
    }
    const again = await accept(context, client, proposal.id, body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Esta assinatura não está aguardando pagamento.' });
    expect(await countChargeRows(context, proposal.id)).toBe(1);
    expect(await countGatewayCharges(context, client)).toBe(1);
    expect((await readSubscription(context, client, proposal.id)).status).toBe('active');
  });

  it('rejects with accepts: false or reject/, after which the proposal is ended and nothing is pending', async () => {
    const client = await addClient();
    const first = await proposeOrFail(context, client, servicePlanId);
    const declinedProposal = await accept(context, client, first.id, { accepts: false });
    expect(declinedProposal.statusCode).toBe(200);
    expect(declinedProposal.json()).toMatchObject({ status: 'rejected', step: 1 });
    const second = await proposeOrFail(context, organization.planner, servicePlanId, client);
    const rejected = await call(context, 'POST', `/api/payment/subscriptions/${second.id}/reject/`, {
      token: client.token,
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    expect(await readMe(context, client)).toMatchObject({
      has_pending_subscription: false,
      current_subscription: null,
    });
    const late = await acceptWithCard(context, organization, client, second.id);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: 'Esta assinatura não está aguardando pagamento.' });
    expect(await countGatewayCharges(context, client)).toBe(0);
  });
});

describe('trying cards one after another', () => {
  it('stops an address after 20 card attempts in 15 minutes (429), before anything reaches the gateway', async () => {
    const limited = await createTestContext({ rateLimitScale: 1 });
    const target = await createPaymentOrganization(limited);
    const plan = await createPlan(limited, target);
    const proposal = await proposeOrFail(limited, target.client, plan.id);
    const options = { token: target.client.token, remoteAddress: '198.51.100.81' };
    const url = `/api/payment/subscriptions/${proposal.id}/accept/`;
    // Each try counts, whatever it answers: here the card is missing (400).
    for (let attempt = 0; attempt < cardAttemptsPerAddress; attempt++) {
      expect((await call(limited, 'POST', url, { ...options, payload: { accepts: true } })).statusCode).toBe(400);
    }
    const token = await createCardToken(limited, target.publicKey);
    const blocked = await call(limited, 'POST', url, { ...options, payload: buildAcceptBody({ card_token: token }) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: rateLimitMessage });
    expect((await readSubscription(limited, target.client, proposal.id)).status).toBe('pending');
    expect(await countGatewayCharges(limited, target.client)).toBe(0);
    // Saving, changing and reactivating cards count apart, each with the same allowance.
    for (const [method, path] of [
      ['POST', '/api/payment/card/'],
      ['POST', '/api/subscription/reactivate/'],
      ['PUT', `/api/payment/subscriptions/${proposal.id}/card/`],
    ] as const) {
      const answer = await call(limited, method, path, { ...options, payload: {} });
      expect(answer.statusCode, path).not.toBe(429);
    }
    const elsewhere = await call(limited, 'POST', url, {
      ...options,
      remoteAddress: '198.51.100.82',
      payload: buildAcceptBody({ card_token: token }),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('who reads and acts on a subscription', () => {
  it('scopes reading to the client, their planner and the organization’s managers', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const strangersProposal = await proposeOrFail(context, othersClient, platformPlanId);

    expect(
      (await call(context, 'GET', `/api/payment/subscriptions/${proposal.id}/`, { token: organization.planner.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(context, 'GET', `/api/payment/subscriptions/${proposal.id}/`, { token: organization.manager.token }))
        .statusCode,
    ).toBe(200);
    for (const outsider of [
      othersClient,
      organization.loneClient,
      otherOrganization.manager,
      otherOrganization.client,
    ]) {
      const answer = await call(context, 'GET', `/api/payment/subscriptions/${proposal.id}/`, {
        token: outsider.token,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Assinatura não encontrada.' });
    }
    const plannersList = await call(context, 'GET', '/api/payment/subscriptions/?limit=100', {
      token: organization.planner.token,
    });
    const plannersIds = plannersList.json().results.map((item: { id: number }) => item.id);
    expect(plannersIds).toContain(proposal.id);
    expect(plannersIds).not.toContain(strangersProposal.id);

    const managers = await call(
      context,
      'GET',
      `/api/payment/subscriptions/?status=pending&plan=${platformPlanId}&client=${othersClient.row.id}`,
      { token: organization.manager.token },
    );
    expect(managers.json().results.map((item: { id: number }) => item.id)).toEqual([strangersProposal.id]);
    const foreignManager = await call(context, 'GET', '/api/payment/subscriptions/', {
      token: otherOrganization.manager.token,
    });
    expect(foreignManager.json().results.map((item: { id: number }) => item.id)).not.toContain(proposal.id);
    const badStatus = await call(context, 'GET', '/api/payment/subscriptions/?status=whatever', {
      token: organization.manager.token,
    });
    expect(badStatus.statusCode).toBe(400);
  });

  it('lets only the client pay, reject or save cards (403 for planners and managers), and only their own subscription (404)', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const body = buildAcceptBody({ card_token: await createCardToken(context, organization.publicKey) });
    for (const adviser of [organization.planner, organization.manager]) {
      const answer = await accept(context, adviser, proposal.id, body);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ detail: 'Sem permissão' });
      expect((await call(context, 'GET', '/api/payment/card/', { token: adviser.token })).statusCode).toBe(403);
      expect(
        (await call(context, 'POST', `/api/payment/subscriptions/${proposal.id}/reject/`, { token: adviser.token }))
          .statusCode,
      ).toBe(403);
    }
    const someoneElse = await addClient();
    const foreign = await accept(context, someoneElse, proposal.id, body);
    expect(foreign.statusCode).toBe(404);
    const foreignReject = await call(context, 'POST', `/api/payment/subscriptions/${proposal.id}/reject/`, {
      token: otherOrganization.client.token,
    });
    expect(foreignReject.statusCode).toBe(404);
    expect((await readSubscription(context, client, proposal.id)).status).toBe('pending');
    expect(await countGatewayCharges(context, someoneElse)).toBe(0);
  });
});

describe('cancel, reactivate and change the card', () => {
  it('a canceled subscription keeps its plan until the paid period ends and resumes with no charge', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const active = (await acceptWithCard(context, organization, client, proposal.id)).json();

    const canceled = await call(context, 'POST', '/api/client/cancel-subscription/', { token: client.token });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({ detail: 'Assinatura cancelada' });
    const read = await readSubscription(context, client, proposal.id);
    expect(read).toMatchObject({
      status: 'canceled',
      access_ends_on: active.next_payment_date,
      next_payment_date: null,
      next_payment_date_formatted: null,
    });
    expect(read.canceled_at).not.toBeNull();
    expect((await readMe(context, client)).current_subscription).toMatchObject({ status: 'canceled' });
    expect((await call(context, 'POST', '/api/client/cancel-subscription/', { token: client.token })).statusCode).toBe(
      200,
    );

    const reactivated = await call(context, 'POST', '/api/subscription/reactivate/', { token: client.token });
    expect(reactivated.statusCode, reactivated.body).toBe(200);
    expect(reactivated.json()).toMatchObject({
      status: 'active',
      next_payment_date: active.next_payment_date,
      access_ends_on: null,
      canceled_at: null,
    });
    expect(await countGatewayCharges(context, client)).toBe(1);
    const again = await call(context, 'POST', '/api/subscription/reactivate/', { token: client.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'Erro ao reativar subscrição' });
  });

  it('their planner or a manager cancels with {client}; others cannot; a proposal cannot be canceled', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const pending = await call(context, 'POST', '/api/client/cancel-subscription/', { token: client.token });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toEqual({ detail: 'Não foi possível cancelar sua assinatura' });
    expect((await acceptWithCard(context, organization, client, proposal.id)).statusCode).toBe(200);

    const url = '/api/profiles/clients/cancel-subscription/';
    expect(
      (await call(context, 'POST', url, { token: otherOrganization.manager.token, payload: { client: client.row.id } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(context, 'POST', url, { token: client.token, payload: { client: client.row.id } })).statusCode,
    ).toBe(403);
    const missing = await call(context, 'POST', url, { token: organization.manager.token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ client: ['Este campo é obrigatório'] });
    expect((await readSubscription(context, client, proposal.id)).status).toBe('active');

    const byPlanner = await call(context, 'POST', url, {
      token: organization.planner.token,
      payload: { client: client.row.id },
    });
    expect(byPlanner.statusCode).toBe(200);
    expect(byPlanner.json()).toEqual({ detail: 'Assinatura cancelada' });
    expect((await readSubscription(context, client, proposal.id)).status).toBe('canceled');
    const byManager = await call(context, 'POST', url, {
      token: organization.manager.token,
      payload: { client: client.row.id },
    });
    expect(byManager.statusCode).toBe(200);

    const nobody = await addClient();
    const none = await call(context, 'POST', '/api/client/cancel-subscription/', { token: nobody.token });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'Assinatura não encontrada.' });
  });

  it('changes the card of an active subscription, never of a proposal', async () => {
    const client = await addClient();
    const proposal = await proposeOrFail(context, client, servicePlanId);
    const early = await call(context, 'PUT', `/api/payment/subscriptions/${proposal.id}/card/`, {
      token: client.token,
      payload: { card_token: await createCardToken(context, organization.publicKey) },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ detail: 'Não foi possível alterar o cartão desta assinatura.' });
    expect((await acceptWithCard(context, organization, client, proposal.id)).statusCode).toBe(200);
    const changed = await call(context, 'PUT', `/api/payment/subscriptions/${proposal.id}/card/`, {
      token: client.token,
      payload: {
        card_token: await createCardToken(context, organization.publicKey, { number: testCards.processingThenPaid }),
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().card.last_four_digits).toBe('0036');
    expect(changed.json().status).toBe('active');
    const cards = await call(context, 'GET', '/api/payment/card/', { token: client.token });
    expect(cards.json().map((card: { last_four_digits: string }) => card.last_four_digits)).toEqual(['0036', '0010']);
    expect(await countGatewayCharges(context, client)).toBe(1);
  });
});

describe('the client lists (GET profiles/clients/)', () => {
  it('show each client’s current plan and filter by plan, planner and client together', async () => {
    const target = await createPaymentOrganization(context);
    const plan = await createPlan(context, target);
    const free = await createPlan(context, target, platformPlan);
    const payer = target.client;
    const proposal = await proposeOrFail(context, payer, plan.id);
    expect((await acceptWithCard(context, target, payer, proposal.id)).statusCode).toBe(200);
    await proposeOrFail(context, target.manager, free.id, target.loneClient);

    const all = await call(context, 'GET', '/api/profiles/clients/?profile=manager', { token: target.manager.token });
    const byEmail = new Map(
      all
        .json()
        .results.map((record: { user: { email: string }; current_plan: unknown }) => [
          record.user.email,
          record.current_plan,
        ]),
    );
    expect(byEmail.get(payer.email)).toEqual({ id: plan.id, name: 'Completo', plan_code: 2, status: 'active' });
    expect(byEmail.get(target.loneClient.email)).toEqual({
      id: free.id,
      name: 'Plataforma',
      plan_code: 1,
      status: 'pending',
    });

    const emailsOf = async (query: string, token = target.manager.token) => {
      const answer = await call(context, 'GET', `/api/profiles/clients/?profile=manager&${query}`, { token });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().results.map((record: { user: { email: string } }) => record.user.email);
    };
    expect(await emailsOf(`plan=${plan.id}`)).toEqual([payer.email]);
    expect(await emailsOf(`plan=${plan.id}&planner=${target.planner.row.id}`)).toEqual([payer.email]);
    expect(await emailsOf(`plan=${free.id}&planner=${target.planner.row.id}`)).toEqual([]);
    expect(await emailsOf(`planner=${target.planner.row.id}`)).toEqual([payer.email]);
    expect(await emailsOf(`client=${target.loneClient.row.id}`)).toEqual([target.loneClient.email]);
    expect(await emailsOf(`client=${target.loneClient.row.id}&plan=${plan.id}`)).toEqual([]);
    expect(await emailsOf(`plan=${plan.id}`, target.planner.token)).toEqual([payer.email]);
  });
});

describe('card data', () => {
  it('stores and logs no card number or CVV anywhere', async () => {
    // Every test card this file used went through the flows above; none may be kept or logged.
    for (const number of Object.values(testCards)) {
      expect(await findRowsContaining(context, number)).toEqual([]);
    }
    expect(await findRowsContaining(context, '"cvv"')).toEqual([]);
    const log = logLines.join('\n');
    for (const number of Object.values(testCards)) expect(log).not.toContain(number);
    expect(log).not.toMatch(/"cvv"\s*:/);
    expect(logLines.length).toBeGreaterThan(0);
  });

  it('has no column that could hold a card number or a CVV: the sandbox keeps only whether a CVV is refused', async () => {
    // A CVV is three digits, which a search of the rows cannot tell from any other number: the
    // columns themselves are checked, in every schema (Prumo's and the sandbox gateway's).
    const columns = await context.database.db.execute(
      sql`select table_schema || '.' || table_name || '.' || column_name as name, data_type
          from information_schema.columns
          where table_schema not in ('pg_catalog', 'information_schema')
            and column_name ~* '(cvv|cvc|csc|security_code|card_number|pan$|^number$)'
          order by 1`,
    );
    const kept = columns.rows as { name: string; data_type: string }[];
    expect(kept.length).toBeGreaterThan(0);
    for (const column of kept) {
      expect(column.name).toMatch(/^gateway_sandbox\.\w+\.cvv_refused$/);
      expect(column.data_type, column.name).toBe('boolean');
    }
  });
});
