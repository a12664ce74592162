import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { origins, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

/**
 * Counts and sums are reused while a client's lines stay as they were: every kind of write must
 * show in the very next read of the same filter.
 */
describe('counts and sums after every kind of write', () => {
  it('follow typed lines, categorizing, deleting, ignoring an account, importing and deleting a file', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const october = '?start=2026-10-01&end=2026-10-31';
    const countOf = async (query: string) => (await call(context, 'GET', `/api/cash-flow/${query}`, { token })).json();
    const savingsOf = async (query: string) =>
      (await call(context, 'GET', `/api/cash-flow/summary/${query}`, { token })).json().total_savings;

    const typed = [];
    for (const [name, amount, date] of [
      ['Salário', 500_000, '2026-10-05'],
      ['Padaria', -1_250, '2026-10-06'],
      ['Farmácia', -4_990, '2026-10-07'],
    ] as const) {
      const response = await call(context, 'POST', '/api/cash-flow/', { token, payload: { name, amount, date } });
      expect(response.statusCode).toBe(201);
      typed.push(response.json());
    }
    expect((await countOf(october)).count).toBe(3);
    expect((await countOf(`${october}&limit=1&offset=1`)).count).toBe(3);
    expect(await savingsOf(october)).toBe(493_760);

    const categories = (await call(context, 'GET', '/api/category/', { token })).json();
    const health = categories.find((category: { name: string }) => category.name === 'Saúde');
    const byHealth = `${october}&category=${health.id}`;
    expect((await countOf(byHealth)).count).toBe(0);
    const categorized = await call(context, 'PUT', `/api/cash-flow/${typed[2].id}/`, {
      token,
      payload: { category: health.id },
    });
    expect(categorized.statusCode).toBe(200);
    expect((await countOf(byHealth)).count).toBe(1);

    expect((await call(context, 'DELETE', `/api/cash-flow/${typed[1].id}/`, { token })).statusCode).toBeLessThan(300);
    expect((await countOf(october)).count).toBe(2);
    expect(await savingsOf(october)).toBe(495_010);

    const cash = typed[0].origins;
    await call(context, 'PUT', `/api/ignore-origin/${cash}/`, { token, payload: { ignored: true } });
    expect((await countOf(october)).count).toBe(0);
    expect(await savingsOf(october)).toBe(0);
    await call(context, 'PUT', `/api/ignore-origin/${cash}/`, { token, payload: { ignored: false } });
    expect((await countOf(october)).count).toBe(2);

    const march2014 = '?start=2014-03-01&end=2014-03-31';
    expect((await countOf(march2014)).count).toBe(0);
    const upload = await call(context, 'POST', '/api/upload/', {
      token,
      ...buildMultipart([
        {
          name: 'files',
          fileName: 'bb.ofx',
          content: readFileSync(path.join(fixtures, 'kamino-company__OfxSharp/bb.ofx')),
        },
      ]),
    });
    expect(upload.statusCode).toBe(201);
    expect((await countOf(march2014)).count).toBe(3);
    expect(await savingsOf(march2014)).toBe(344_480 - 12_225);
    const fileId = upload.json().files[0].id;
    expect((await call(context, 'DELETE', `/api/file/${fileId}/`, { token })).statusCode).toBeLessThan(300);
    expect((await countOf(march2014)).count).toBe(0);
    expect(await savingsOf(march2014)).toBe(0);
  });

  it("follows them in the future flow's months and balances too", async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const range = '?startDate=2026-10&endDate=2026-10';
    const octoberOf = async () =>
      (await call(context, 'GET', `/api/future-flow/${range}`, { token })).json().results[0].summary;
    const projectedOf = async () =>
      (await call(context, 'GET', `/api/future-flow/chart${range}`, { token })).json().openingBalance;

    expect(await octoberOf()).toMatchObject({ income: 0, expense: 0 });
    const opening = await projectedOf();
    await call(context, 'POST', '/api/cash-flow/', {
      token,
      payload: { name: 'Salário', amount: 500_000, date: '2026-10-05' },
    });
    expect(await octoberOf()).toMatchObject({ income: 500_000, expense: 0 });
    // A new account with a known balance moves the chart's starting point.
    const upload = await call(context, 'POST', '/api/upload/', {
      token,
      ...buildMultipart([
        {
          name: 'files',
          fileName: 'bb.ofx',
          content: readFileSync(path.join(fixtures, 'kamino-company__OfxSharp/bb.ofx')),
        },
      ]),
    });
    expect(upload.statusCode).toBe(201);
    expect(await projectedOf()).not.toEqual(opening);
  });

  it("keeps one client's counts apart from another's with the same filter", async () => {
    const organization = await createTestOrganization(context);
    const october = '/api/cash-flow/?start=2026-10-01&end=2026-10-31';
    await call(context, 'POST', '/api/cash-flow/', {
      token: organization.client.token,
      payload: { name: 'Aluguel', amount: -200_000, date: '2026-10-10' },
    });
    expect((await call(context, 'GET', october, { token: organization.client.token })).json().count).toBe(1);
    expect((await call(context, 'GET', october, { token: organization.loneClient.token })).json().count).toBe(0);
  });
});

describe('lines and their account, kept together by the database', () => {
  it("refuses a line on another client's account, and deletes an account's lines with it", async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const account = (
      await call(context, 'POST', '/api/manual-account/', { token, payload: { nickname: 'Cofre' } })
    ).json();
    const line = await call(context, 'POST', '/api/cash-flow/', {
      token,
      payload: { name: 'Depósito', amount: 5_000, date: '2026-10-01', origin: account.id },
    });
    expect(line.statusCode).toBe(201);

    const { db } = context.database;
    const [stored] = await db.select().from(transactions).where(eq(transactions.id, line.json().id));
    if (!stored) throw new Error('line not stored');
    const { id: _id, ...copy } = stored;
    // The same line, claimed by another client of the organization: the database refuses it.
    await expect(
      db.insert(transactions).values({ ...copy, clientUserId: organization.loneClient.row.id, identityKey: 7n }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });

    expect((await call(context, 'DELETE', `/api/manual-account/${account.id}/`, { token })).statusCode).toBe(204);
    expect(await db.select().from(origins).where(eq(origins.id, account.id))).toEqual([]);
    const [left] = await db
      .select({ lines: sql<number>`count(*)::int` })
      .from(transactions)
      .where(eq(transactions.originId, account.id));
    expect(left?.lines).toBe(0);
  });
});
