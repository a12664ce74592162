import { featureToggles } from '@prumo/domain/organization/features';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { insertAuthToken } from '../../src/modules/accounts/accounts.repo';
import { createCardToken, readPublicKey } from './card-gateway';
import { call, createTestOrganization, type TestContext, type TestOrganization, type TestUser } from './test-app';

/** Managers make plans with the financial flag on. */
export const withFinancialFlag = { toggles: [...featureToggles, 'financial'] };

export interface SubscriptionOrganization extends TestOrganization {
  publicKey: string;
}

export async function createPaymentOrganization(context: TestContext): Promise<SubscriptionOrganization> {
  const organization = await createTestOrganization(context, withFinancialFlag);
  return { ...organization, publicKey: await readPublicKey(context, organization.slug) };
}

/** R$ 50,00 platform + R$ 200,00 services for 2 periods, then R$ 99,00 recurrent; charged on the 10th. */
export const servicePlan = {
  name: 'Completo',
  description: 'Plataforma e planejamento.',
  type: 'service',
  platform_amount: 5_000,
  service_amount: 20_000,
  recurrent_amount: 9_900,
  service_months: 2,
  payday: 10,
};

export const platformPlan = {
  name: 'Plataforma',
  description: 'Só a plataforma.',
  type: 'platform',
  platform_amount: 0,
  payday: null,
};

export async function createPlan(
  context: TestContext,
  organization: TestOrganization,
  payload: object = servicePlan,
): Promise<{ id: number; total_amount: number }> {
  const response = await call(context, 'POST', '/api/payment/plans/', {
    token: organization.manager.token,
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Proposes `planId` as `by` (a client for themself; a planner or manager for `client`). */
export function propose(context: TestContext, by: TestUser, planId: number, client?: TestUser) {
  const query = client ? `?clientId=${client.row.id}` : '';
  return call(context, 'POST', `/api/payment/subscriptions/${query}`, { token: by.token, payload: { plan: planId } });
}

export async function proposeOrFail(context: TestContext, by: TestUser, planId: number, client?: TestUser) {
  const response = await propose(context, by, planId, client);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; status: string };
}

export const billingAddress = {
  street: 'Praça da Sé',
  street_number: '100',
  neighborhood: 'Sé',
  city: 'São Paulo',
  state: 'sp',
  zipcode: '01001-000',
  country: 'br',
};

/** The payment form's body for a card plan: the address, the CPF and a card. */
export function buildAcceptBody(card: { card_token?: string; creditCard?: number }) {
  return { accepts: true, address: billingAddress, cpf: '529.982.247-25', ...card };
}

export function accept(context: TestContext, client: TestUser, subscriptionId: number, body: object) {
  return call(context, 'POST', `/api/payment/subscriptions/${subscriptionId}/accept/`, {
    token: client.token,
    payload: body,
  });
}

/** Pays a proposal with a fresh token of `number` (the paid test card unless given). */
export async function acceptWithCard(
  context: TestContext,
  organization: SubscriptionOrganization,
  client: TestUser,
  subscriptionId: number,
  card: { number?: string; cvv?: string } = {},
) {
  const token = await createCardToken(context, organization.publicKey, card);
  return accept(context, client, subscriptionId, buildAcceptBody({ card_token: token }));
}

export async function readSubscription(context: TestContext, user: TestUser, subscriptionId: number) {
  const response = await call(context, 'GET', `/api/payment/subscriptions/${subscriptionId}/`, { token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function readMe(context: TestContext, user: TestUser) {
  const response = await call(context, 'GET', '/api/me/', { token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** How many charges the gateway made for the client (through any of their customers). */
export async function countGatewayCharges(context: TestContext, client: TestUser): Promise<number> {
  const result = await context.database.db.execute(
    sql`select count(*)::int as count from gateway_sandbox.charges where customer_id in
      (select gateway_customer_id from gateway_customers where client_user_id = ${client.row.id})`,
  );
  return (result.rows[0] as { count: number }).count;
}

export async function countChargeRows(context: TestContext, subscriptionId: number): Promise<number> {
  const result = await context.database.db.execute(
    sql`select count(*)::int as count from subscription_charges where subscription_id = ${subscriptionId}`,
  );
  return (result.rows[0] as { count: number }).count;
}

/** A fresh session for a user: tests that move the clock by months outlive the first one. */
export async function renewSession(context: TestContext, user: TestUser): Promise<void> {
  user.token = await insertAuthToken(context.database.db, user.row.id, new Date(Date.now() + 60 * 60 * 1000));
}

/**
 * Every row of every table, as text, that contains `needle`: a card number must be in none.
 * Only Prumo's own schemas and the sandbox's (pg-boss's job data too).
 */
export async function findRowsContaining(context: TestContext, needle: string): Promise<string[]> {
  const tables = await context.database.db.execute(
    sql`select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const found: string[] = [];
  for (const table of tables.rows as { table_schema: string; table_name: string }[]) {
    const name = `"${table.table_schema}"."${table.table_name}"`;
    try {
      const result = await context.database.db.execute(
        sql.raw(`select count(*)::int as count from ${name} as t where t::text like '%${needle}%'`),
      );
      if ((result.rows[0] as { count: number }).count > 0) found.push(name);
    } catch (error) {
      // Another test file's table dropped meanwhile holds nothing of this one's.
      if (!/does not exist/.test((error as Error).message)) throw error;
    }
  }
  return found;
}
