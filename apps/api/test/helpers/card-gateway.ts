import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CardGatewayDependencies } from '../../src/adapters/card-gateway/resolve-card-gateway';
import { call, type TestContext } from './test-app';

/** What resolveCardGateway needs, from a test's app. */
export function findGatewayDependencies(context: TestContext): CardGatewayDependencies {
  return { db: context.database.db, config: context.config, jobs: context.app.jobs };
}

export const testCards = {
  paid: '4000000000000010',
  notAuthorized: '4000000000000028',
  processingThenPaid: '4000000000000036',
  processingThenFailed: '4000000000000044',
} as const;

export interface CardFields {
  number: string;
  holder_name: string;
  exp_month: number;
  exp_year: number;
  cvv: string;
}

export function buildCard(fields: Partial<CardFields> = {}): CardFields {
  return {
    number: testCards.paid,
    holder_name: 'Maria da Silva',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 3,
    cvv: '123',
    ...fields,
  };
}

/** What the browser does: the card straight to the sandbox's tokens endpoint, with the public key. */
export function tokenizeCard(
  context: TestContext,
  publicKey: string,
  card: Partial<CardFields> = {},
): Promise<LightMyRequestResponse> {
  return context.app.inject({
    method: 'POST',
    url: `/sandbox-gateway/core/v5/tokens?appId=${encodeURIComponent(publicKey)}`,
    payload: { type: 'card', card: buildCard(card) },
  });
}

export async function readPublicKey(context: TestContext, slug: string): Promise<string> {
  const answer = await call(context, 'GET', `/api/payment/org/${slug}/gateway/`);
  if (answer.statusCode !== 200) throw new Error(`no gateway for ${slug}: ${answer.body}`);
  return answer.json().public_key as string;
}

/** A token for a card, or the test fails with the sandbox's answer. */
export async function createCardToken(
  context: TestContext,
  publicKey: string,
  card: Partial<CardFields> = {},
): Promise<string> {
  const answer = await tokenizeCard(context, publicKey, card);
  if (answer.statusCode !== 200) throw new Error(`no token: ${answer.statusCode} ${answer.body}`);
  return answer.json().id as string;
}

/** The delay before the named job's waiting runs (first or retried) has passed: they are due now. */
export async function skipJobDelay(context: TestContext, jobName: string): Promise<void> {
  await context.database.db.execute(
    sql.raw(
      `UPDATE ${context.jobsSchema}.job SET start_after = now() WHERE name = '${jobName}' AND state IN ('created', 'retry')`,
    ),
  );
}

export async function countRows(context: TestContext, table: string, where = 'true'): Promise<number> {
  const result = await context.database.db.execute(
    sql.raw(`SELECT count(*)::int AS count FROM ${table} WHERE ${where}`),
  );
  return (result.rows[0] as { count: number }).count;
}
