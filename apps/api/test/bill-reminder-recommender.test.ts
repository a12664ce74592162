import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billReminders, dismissedBillMerchants, origins, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

let context: TestContext;
let otherOrganization: TestOrganization;

/**
 * The clock is frozen on 1 October 2016 at noon in Brasília: the real Itaú statement
 * (adelarcubs__ofxparser/extrato_itau.ofx) runs from 2 August to 26 September 2016, so its lines are
 * the last two months of the recommender's year. Users are made after freezing, so their sessions are valid.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2016-10-01T15:00:00Z'));
  context = await createTestContext();
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

async function importItauStatement(token: string) {
  const body = buildMultipart([
    {
      name: 'files',
      fileName: 'extrato_itau.ofx',
      content: readFileSync(path.join(fixtures, 'adelarcubs__ofxparser/extrato_itau.ofx')),
      type: 'application/octet-stream',
    },
  ]);
  const response = await call(context, 'POST', '/api/upload/', { token, ...body });
  expect(response.statusCode).toBe(201);
  expect(response.json().files[0]).toMatchObject({ transactions_read: 48, transactions_added: 48 });
}

async function typeLine(token: string, name: string, amount: number, date: string, query = '') {
  const response = await call(context, 'POST', `/api/transactions/create/${query}`, {
    token,
    payload: { name, amount, date },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

async function recommend(token: string, query = '') {
  return call(context, 'POST', `/api/bill-reminder-recommender/${query}`, { token });
}

async function proposeFor(user: TestUser, query = '') {
  const response = await recommend(user.token, query);
  expect(response.statusCode).toBe(200);
  return response.json() as { id: number; title: string; merchant_key?: string }[];
}

async function listStored(clientUserId: number) {
  return context.database.db
    .select()
    .from(billReminders)
    .where(eq(billReminders.clientUserId, clientUserId))
    .orderBy(billReminders.id);
}

describe('POST bill-reminder-recommender/', () => {
  it('finds no bill in the real two-month statement, then the bills its lines repeat in a third month', async () => {
    const target = await createTestOrganization(context);
    const { client } = target;
    await importItauStatement(client.token);
    // The statement repeats NET, TIM, Eletropaulo and Sem Parar in August and September: two months are no bill yet.
    const keys = await context.database.db
      .selectDistinct({ merchantKey: transactions.merchantKey })
      .from(transactions)
      .where(eq(transactions.clientUserId, client.row.id));
    expect(keys.map((row) => row.merchantKey)).toEqual(
      expect.arrayContaining(['NET SERVICOS', 'TIM CELU', 'ELETROPAULO', 'AUTOR SEM PARAR']),
    );
    expect(await proposeFor(client)).toEqual([]);
    expect(await listStored(client.row.id)).toEqual([]);

    // July, typed by hand: NET and TIM about their day and amount; Sem Parar far above its amount.
    await typeLine(client.token, 'DA NET SERVIÇOS 6833197', -13_990, '2016-07-05');
    await typeLine(client.token, 'DA TIM CELU 26353822019', -9_900, '2016-07-21');
    await typeLine(client.token, 'DEB AUTOR SEM PARAR', -32_000, '2016-07-15');

    const proposed = await proposeFor(client);
    expect(proposed).toEqual([
      {
        id: expect.any(Number),
        title: 'DA NET SERVIÇOS 6833197',
        content: 'Sugestão do Prumo: 3 pagamentos parecidos nos últimos 12 meses, por volta do dia 5.',
        reminder_date: '2016-10-05',
        periodicity: 'MONTHLY',
        type: 'RECOMMENDER',
        status: 'PROPOSED',
        // The median of R$ 139,90, R$ 141,30 and R$ 148,94.
        amount: 14_130,
        user_reminder: true,
        cashflow_reminder: true,
      },
      {
        id: expect.any(Number),
        title: 'DA TIM CELU 26353822019',
        content: 'Sugestão do Prumo: 3 pagamentos parecidos nos últimos 12 meses, por volta do dia 21.',
        reminder_date: '2016-10-21',
        periodicity: 'MONTHLY',
        type: 'RECOMMENDER',
        status: 'PROPOSED',
        amount: 9_900,
        user_reminder: true,
        cashflow_reminder: true,
      },
    ]);
    const stored = await listStored(client.row.id);
    expect(stored.map((row) => [row.merchantKey, row.status])).toEqual([
      ['NET SERVICOS', 'PROPOSED'],
      ['TIM CELU', 'PROPOSED'],
    ]);

    // Running it again adds nothing.
    expect(await proposeFor(client)).toEqual([]);
    expect(await listStored(client.row.id)).toHaveLength(2);

    const listed = (await call(context, 'GET', '/api/bill-reminder/', { token: client.token })).json();
    expect(listed.map((reminder: { title: string; status: string }) => [reminder.title, reminder.status])).toEqual([
      ['DA NET SERVIÇOS 6833197', 'PROPOSED'],
      ['DA TIM CELU 26353822019', 'PROPOSED'],
    ]);
  });

  it('accepts a proposal through PUT status ACTIVE and remembers a dismissed one', async () => {
    const { client } = await createTestOrganization(context);
    for (const date of ['2016-07-12', '2016-08-12', '2016-09-12']) {
      await typeLine(client.token, 'NETFLIX.COM', -3_290, date);
      await typeLine(client.token, 'SPOTIFY', -1_690, date.replace('-12', '-20'));
    }
    const [netflix, spotify] = await proposeFor(client);
    expect(netflix).toMatchObject({ title: 'NETFLIX.COM', reminder_date: '2016-10-12', amount: 3_290 });
    expect(spotify).toMatchObject({ title: 'SPOTIFY', reminder_date: '2016-10-20', amount: 1_690 });

    const accepted = await call(context, 'PUT', `/api/bill-reminder/${netflix?.id}/`, {
      token: client.token,
      payload: { status: 'ACTIVE', title: 'Netflix' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ title: 'Netflix', status: 'ACTIVE', type: 'RECOMMENDER' });

    const back = await call(context, 'PUT', `/api/bill-reminder/${netflix?.id}/`, {
      token: client.token,
      payload: { status: 'PROPOSED' },
    });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toEqual({ status: ['Status inválido: envie ACTIVE para aceitar a sugestão.'] });

    const dismissed = await call(context, 'DELETE', `/api/bill-reminder/${spotify?.id}/`, { token: client.token });
    expect(dismissed.statusCode).toBe(204);
    const remembered = await context.database.db
      .select({ merchantKey: dismissedBillMerchants.merchantKey })
      .from(dismissedBillMerchants)
      .where(eq(dismissedBillMerchants.clientUserId, client.row.id));
    expect(remembered).toEqual([{ merchantKey: 'SPOTIFY' }]);

    // Neither the renamed Netflix nor the dismissed Spotify comes back.
    expect(await proposeFor(client)).toEqual([]);
    expect((await listStored(client.row.id)).map((row) => [row.title, row.status])).toEqual([['Netflix', 'ACTIVE']]);
  });

  it('does not propose a merchant a typed reminder covers, nor ignored lines, own transfers or ignored accounts', async () => {
    const { client } = await createTestOrganization(context);
    const lines: Record<string, { id: number }[]> = {};
    for (const [name, day] of [
      ['NETFLIX.COM', '12'],
      ['ACADEMIA FORMA', '05'],
      ['TRANSF POUPANCA', '08'],
      ['ESCOLA ABC', '10'],
    ] as const) {
      lines[name] = [];
      for (const month of ['07', '08', '09']) {
        lines[name]?.push(await typeLine(client.token, name, -10_000, `2016-${month}-${day}`));
      }
    }
    const typed = await call(context, 'POST', '/api/bill-reminder/', {
      token: client.token,
      payload: { title: 'Netflix', reminder_date: '2016-10-12', periodicity: 'MONTHLY' },
    });
    expect(typed.statusCode).toBe(201);
    const { db } = context.database;
    const idsOf = (name: string) => (lines[name] ?? []).map((line) => line.id);
    await db
      .update(transactions)
      .set({ ignored: true })
      .where(eq(transactions.id, idsOf('ACADEMIA FORMA')[0] as number));
    await db
      .update(transactions)
      .set({ isAssetTransfer: true })
      .where(inArray(transactions.id, idsOf('TRANSF POUPANCA')));
    // The school is paid from an account the client set to be ignored.
    const [account] = await db
      .insert(origins)
      .values({
        organizationId: client.row.organizationId,
        clientUserId: client.row.id,
        kind: 'bank_account',
        accountNumber: '1234-5',
        ignored: true,
      })
      .returning({ id: origins.id });
    await db
      .update(transactions)
      .set({ originId: account?.id as number })
      .where(and(eq(transactions.clientUserId, client.row.id), inArray(transactions.id, idsOf('ESCOLA ABC'))));

    expect(await proposeFor(client)).toEqual([]);
    expect((await listStored(client.row.id)).map((row) => row.title)).toEqual(['Netflix']);
  });

  it('lets a planner run it for their client only, a manager not at all, and refuses a bad clientId', async () => {
    const target = await createTestOrganization(context);
    const { client, planner, manager, loneClient } = target;
    for (const date of ['2016-07-12', '2016-08-12', '2016-09-12']) {
      await typeLine(planner.token, 'NETFLIX.COM', -3_290, date, `?clientId=${client.row.id}`);
    }
    const othersClient = await addOtherPlannersClient(context, target);
    for (const user of [othersClient, loneClient, otherOrganization.client]) {
      for (const date of ['2016-07-12', '2016-08-12', '2016-09-12']) {
        await typeLine(user.token, 'NETFLIX.COM', -3_290, date);
      }
    }
    for (const outOfReach of [othersClient, loneClient, otherOrganization.client]) {
      const response = await recommend(planner.token, `?clientId=${outOfReach.row.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
      expect(await listStored(outOfReach.row.id)).toEqual([]);
    }
    const byManager = await recommend(manager.token, `?clientId=${client.row.id}`);
    expect(byManager.statusCode).toBe(403);
    expect(await listStored(client.row.id)).toEqual([]);
    expect((await recommend(manager.token, `?clientId=${otherOrganization.client.row.id}`)).statusCode).toBe(404);

    const badId = await recommend(planner.token, '?clientId=abc');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ clientId: ['Valor inválido'] });
    const unnamed = await recommend(planner.token);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ detail: 'Informe o cliente (clientId).' });

    const proposed = await proposeFor(planner, `?clientId=${client.row.id}`);
    expect(proposed.map((reminder) => reminder.title)).toEqual(['NETFLIX.COM']);
    // Accepting or dismissing follows the reminders' access: a manager reads only, a stranger finds nothing.
    const proposalId = proposed[0]?.id;
    const managerAccepts = await call(context, 'PUT', `/api/bill-reminder/${proposalId}/?clientId=${client.row.id}`, {
      token: manager.token,
      payload: { status: 'ACTIVE' },
    });
    expect(managerAccepts.statusCode).toBe(403);
    for (const stranger of [othersClient, loneClient, otherOrganization.client]) {
      const dismissed = await call(context, 'DELETE', `/api/bill-reminder/${proposalId}/`, { token: stranger.token });
      expect(dismissed.statusCode).toBe(404);
      expect(dismissed.json()).toEqual({ detail: 'Lembrete não encontrado.' });
    }
    const kept = await listStored(client.row.id);
    expect(kept.map((row) => row.status)).toEqual(['PROPOSED']);
    const noDismissal = await context.database.db
      .select()
      .from(dismissedBillMerchants)
      .where(eq(dismissedBillMerchants.clientUserId, client.row.id));
    expect(noDismissal).toEqual([]);
    const plannerAccepts = await call(context, 'PUT', `/api/bill-reminder/${proposalId}/?clientId=${client.row.id}`, {
      token: planner.token,
      payload: { status: 'ACTIVE' },
    });
    expect(plannerAccepts.json()).toMatchObject({ status: 'ACTIVE' });
    // A client's own clientId names nobody but themself: the lone client's run finds their own lines.
    expect((await proposeFor(loneClient, `?clientId=${client.row.id}`)).map((reminder) => reminder.title)).toEqual([
      'NETFLIX.COM',
    ]);
    expect(await listStored(loneClient.row.id)).toHaveLength(1);
    expect(await listStored(client.row.id)).toHaveLength(1);
  });

  it('stops at the 200 reminders a client keeps', async () => {
    const { client } = await createTestOrganization(context);
    await context.database.db.insert(billReminders).values(
      Array.from({ length: 200 }, (_, index) => ({
        organizationId: client.row.organizationId,
        clientUserId: client.row.id,
        title: `Conta ${index + 1}`,
        reminderDate: '2016-12-10',
        periodicity: 'MONTHLY' as const,
      })),
    );
    for (const date of ['2016-07-12', '2016-08-12', '2016-09-12']) {
      await typeLine(client.token, 'NETFLIX.COM', -3_290, date);
    }
    const response = await recommend(client.token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Limite de 200 lembretes atingido: apague um para criar outro.' });
    expect(await listStored(client.row.id)).toHaveLength(200);
  });
});
