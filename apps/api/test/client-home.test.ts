import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import { buildOfx } from './helpers/ofx';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
} from './helpers/test-app';

let context: TestContext;

/** Frozen on 15 November 2026, 12:00 UTC (09:00 in Brasília). */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  context = await createTestContext();
});

afterAll(() => {
  vi.useRealTimers();
});

async function upload(token: string, name: string, content: Buffer): Promise<number> {
  const body = buildMultipart([{ name: 'files', fileName: name, content, type: 'application/octet-stream' }]);
  const response = await call(context, 'POST', '/api/upload/', { token, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().files[0].id;
}

async function get(token: string, url: string) {
  const response = await call(context, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('the client’s home page (client-home/)', () => {
  it('shows balances, this month so far, the bills due soon, open tasks and net worth — the screens’ own figures', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    await upload(
      token,
      'conta.ofx',
      buildOfx(
        'bank',
        '44444-4',
        [
          { date: '2026-11-05', amount: '3000.00', memo: 'SALARIO' },
          { date: '2026-11-06', amount: '-100.00', memo: 'MERCADO' },
        ],
        { amount: '2900.00', date: '2026-11-06' },
      ),
    );
    const cardFile = await upload(
      token,
      'cartao.ofx',
      buildOfx('card', '7777', [
        { date: '2026-10-20', amount: '-250.00', memo: 'LOJA' },
        { date: '2026-11-04', amount: '-80.00', memo: 'FARMACIA' },
      ]),
    );
    const pendencies = await get(token, '/api/pendency/');
    const cardPendency = pendencies.find((entry: { fileId: number }) => entry.fileId === cardFile);
    await call(context, 'PATCH', `/api/pendency/complete-file/${cardFile}/`, {
      token,
      payload: { closeDay: 3, dueDate: 10, originId: cardPendency.originId },
    });
    // Due in 10 days: listed. Due next May: not yet.
    for (const payload of [
      { title: 'Condomínio', reminder_date: '2026-01-25', periodicity: 'MONTHLY', amount: 90_000 },
      { title: 'IPVA', reminder_date: '2027-05-01', periodicity: 'YEARLY' },
    ]) {
      expect((await call(context, 'POST', '/api/bill-reminder/', { token, payload })).statusCode).toBe(201);
    }

    const home = await get(token, '/api/client-home/');
    expect(home.date).toBe('2026-11-15');
    expect(home.accounts_total).toBe(290_000);
    // The card's November bill (closed, R$ 250,00) and the open December one (R$ 80,00).
    expect(home.cards_owed).toBe(33_000);
    expect(
      home.upcoming_bills.map((bill: Record<string, unknown>) => [
        bill.kind,
        bill.title,
        bill.due_date,
        bill.amount,
        bill.state,
      ]),
    ).toEqual([
      ['card_bill', expect.stringMatching(/^Fatura Cartão/), '2026-11-10', 25_000, 'closed'],
      ['reminder', 'Condomínio', '2026-11-25', 90_000, null],
      ['card_bill', expect.stringMatching(/^Fatura Cartão/), '2026-12-10', 8_000, 'open'],
    ]);

    // This month as the future flow has it (lines, and the card purchase of 20/10 due on 10/11).
    const flow = await get(token, '/api/future-flow/?startDate=2026-11&endDate=2026-11');
    expect(flow.results[0].month).toBe('2026-11-01');
    expect(home.month.summary).toEqual(flow.results[0].summary);
    expect(home.month).toMatchObject({ month: '2026-11', has_plan: false });
    expect(home.month.summary).toMatchObject({ income: 300_000, expense: 35_000, result: 265_000 });

    // Net worth as Meu patrimônio has it.
    const netWorth = await get(token, '/api/my-assets/net-worth/');
    expect(home.net_worth).toEqual({
      net_worth: netWorth.current.net_worth,
      last_month: netWorth.months.at(-2).net_worth,
      change: netWorth.current.net_worth - netWorth.months.at(-2).net_worth,
    });

    const tasks = await get(token, '/api/tasks/task/');
    expect(home.open_tasks.count).toBe(tasks.count);

    // The planner sees the same home for their client; others do not reach it.
    const planner = await get(target.planner.token, `/api/client-home/?clientId=${target.client.row.id}`);
    expect(planner).toEqual(home);
    const otherOrganization = await createTestOrganization(context);
    const foreign = await call(context, 'GET', `/api/client-home/?clientId=${target.client.row.id}`, {
      token: otherOrganization.planner.token,
    });
    expect(foreign.statusCode).toBe(404);
    const othersClient = await addOtherPlannersClient(context, target);
    const notTheirs = await call(context, 'GET', `/api/client-home/?clientId=${othersClient.row.id}`, {
      token: target.planner.token,
    });
    expect(notTheirs.statusCode).toBe(404);
  });

  it('is empty, not invented, for a new client', async () => {
    const target = await createTestOrganization(context);
    const home = await get(target.client.token, '/api/client-home/');
    expect(home).toMatchObject({
      accounts: [],
      accounts_total: 0,
      cards_owed: 0,
      upcoming_bills: [],
      net_worth: { net_worth: 0, last_month: 0, change: 0 },
    });
    expect(home.month.summary).toEqual({ income: 0, expense: 0, assetTransfer: 0, result: 0 });
  });
});
