import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { organizationFeatures } from '../src/db/schema';
import { forgetSessionsOfUser } from '../src/plugins/authentication';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let otherOrganization: TestOrganization;
const now = new Date('2026-11-15T12:00:00Z');

/** The clock is frozen on 15 November 2026 at 09:00 in Brasília: November is the current month. */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  context = await createTestContext();
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

async function get(token: string, url: string) {
  const response = await call(context, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function readCategories(token: string): Promise<(name: string) => number> {
  const rows: { id: number; name: string }[] = await get(token, '/api/category/');
  return (name) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  };
}

async function addLine(token: string, line: { name: string; amount: number; date: string; category: number }) {
  const response = await call(context, 'POST', '/api/transactions/create/', { token, payload: line });
  expect(response.statusCode, response.body).toBe(201);
}

async function planItem(token: string, targetMonth: string, category: number, amount: number) {
  const response = await call(context, 'POST', '/api/budget-item/', {
    token,
    payload: { target_month: targetMonth, category, amount },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Runs `action` as if it were `at` (an investment's point is dated the day it is written), then goes back. */
async function runAt<T>(at: string, action: () => Promise<T>): Promise<T> {
  vi.setSystemTime(new Date(at));
  try {
    return await action();
  } finally {
    vi.setSystemTime(now);
  }
}

describe('Meu desempenho (my-performance/)', () => {
  let organization: TestOrganization;
  let token: string;
  const period = '/api/my-performance/?start=2026-06&end=2026-11';

  beforeAll(async () => {
    organization = await createTestOrganization(context);
    token = organization.client.token;
    const category = await readCategories(token);
    // October's plan; November follows it.
    await planItem(token, '2026-10', category('Renda'), 800_000);
    await planItem(token, '2026-10', category('Moradia'), 250_000);
    await planItem(token, '2026-10', category('Alimentação'), 100_000);
    for (const month of ['2026-10', '2026-11']) {
      await addLine(token, { name: 'SALARIO', amount: 800_000, date: `${month}-05`, category: category('Renda') });
      await addLine(token, { name: 'ALUGUEL', amount: -250_000, date: `${month}-10`, category: category('Moradia') });
    }
    await addLine(token, { name: 'MERCADO', amount: -90_000, date: '2026-10-12', category: category('Alimentação') });
    await addLine(token, { name: 'MERCADO', amount: -130_000, date: '2026-11-12', category: category('Alimentação') });
    // August: no plan yet; R$ 2.000,00 put into investments (money out of the cash flow, into the CDB).
    await addLine(token, {
      name: 'APLICACAO CDB',
      amount: -200_000,
      date: '2026-08-05',
      category: category('Investimentos'),
    });
    await addLine(token, { name: 'FREELA', amount: 150_000, date: '2026-08-20', category: category('Renda') });
    // The CDB held R$ 10.000,00 on 20 May (before the period) and R$ 12.500,00 on 10 November.
    const created = await runAt('2026-05-20T15:00:00Z', () =>
      call(context, 'POST', '/api/investments/fixed-income/create/', {
        token,
        payload: { name: 'CDB', balance: 1_000_000 },
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const changed = await runAt('2026-11-10T15:00:00Z', () =>
      call(context, 'PUT', `/api/investments/fixed-income/edit/${created.json().id}/`, {
        token,
        payload: { balance: 1_250_000 },
      }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('gives each month the same income, expense, result and plan as Fluxo futuro, with its savings rate', async () => {
    const performance = await get(token, period);
    expect(performance).toMatchObject({ start: '2026-06', end: '2026-11', currentMonth: '2026-11' });
    expect(performance.months.map((month: { month: string }) => month.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const october = performance.months[4];
    expect(october).toMatchObject({
      date: '10/2026',
      income: 800_000,
      expense: 340_000,
      result: 460_000,
      savingsRate: 0.575,
      invested: 0,
      planned: { income: 800_000, expense: 350_000, result: 450_000 },
      plannedFrom: '2026-10',
    });
    expect(performance.months[5]).toMatchObject({ result: 420_000, savingsRate: 0.525, plannedFrom: '2026-10' });
    // August: money put into the CDB is apart from the result; June has no income, so no rate.
    expect(performance.months[2]).toMatchObject({ income: 150_000, expense: 0, result: 150_000, invested: 200_000 });
    expect(performance.months[0]).toMatchObject({ income: 0, result: 0, savingsRate: null, plannedFrom: null });
    expect(performance.period).toEqual({
      income: 1_750_000,
      expense: 720_000,
      result: 1_030_000,
      savingsRate: 0.5886,
      invested: 200_000,
      planned: { income: 1_600_000, expense: 700_000, result: 900_000 },
    });

    const futureFlow = await get(token, '/api/future-flow/?startDate=2026-06&endDate=2026-11');
    for (const [index, month] of futureFlow.results.entries()) {
      const shown = performance.months[index];
      expect(shown.date).toBe(month.date);
      expect([shown.income, shown.expense, shown.result, shown.invested]).toEqual([
        month.summary.income,
        month.summary.expense,
        month.summary.result,
        month.summary.assetTransfer,
      ]);
      expect(shown.planned).toEqual({
        income: month.planned.income,
        expense: month.planned.expense,
        result: month.planned.result,
      });
    }
  });

  it('compares planned and actual per expense category over the months that follow a plan', async () => {
    const { budget } = await get(token, period);
    expect(budget.monthsPlanned).toBe(2);
    expect(budget.categories).toEqual([
      {
        category: { id: expect.any(Number), name: 'Moradia' },
        planned: 500_000,
        actual: 500_000,
        difference: 0,
        overBudget: false,
      },
      {
        category: { id: expect.any(Number), name: 'Alimentação' },
        planned: 200_000,
        actual: 220_000,
        difference: -20_000,
        overBudget: true,
      },
    ]);
    expect(budget.total).toEqual({ planned: 700_000, actual: 720_000, difference: -20_000, overBudget: true });
    // The same month compared on Orçamento do mês.
    const octoberBudget = await get(token, '/api/budget/?target_month=2026-10');
    const comparison = await get(token, `/api/budget/${octoberBudget.id}/comparison`);
    expect(comparison.totals.expense).toEqual({ planned: 350_000, actual: 340_000, difference: 10_000 });
  });

  it("reports the investments' return as one named figure with its method, and net worth's change", async () => {
    const performance = await get(token, period);
    // R$ 12.500 − R$ 10.000 − R$ 2.000 put in = R$ 500, over R$ 10.000 + R$ 1.000.
    expect(performance.investments).toEqual({
      method: 'dietz_simples',
      explanation: expect.stringContaining('ganho = saldo final − saldo inicial − aportes líquidos'),
      measuredFrom: '2026-06',
      initialBalance: 1_000_000,
      finalBalance: 1_250_000,
      netContributions: 200_000,
      gain: 50_000,
      rate: 0.0455,
      investments: 1,
    });
    // From April, the CDB first recorded on 20 May: measured from June, holding what it had.
    const fromApril = await get(token, '/api/my-performance/?start=2026-04&end=2026-11');
    expect(fromApril.investments).toMatchObject({ measuredFrom: '2026-06', gain: 50_000, rate: 0.0455 });
    const netWorth = await get(token, '/api/my-assets/net-worth/');
    const byMonth = new Map(netWorth.months.map((month: { month: string; net_worth: number }) => [month.month, month]));
    expect(performance.netWorth).toEqual({
      from: {
        month: '2026-06',
        date: '2026-06-30',
        amount: (byMonth.get('2026-06') as { net_worth: number }).net_worth,
      },
      to: { month: '2026-11', date: '2026-11-15', amount: netWorth.current.net_worth },
      change: netWorth.current.net_worth - (byMonth.get('2026-06') as { net_worth: number }).net_worth,
    });
    expect(performance.netWorth.to.amount - performance.netWorth.from.amount).toBe(performance.netWorth.change);
    expect(performance.months[5].netWorth).toBe(netWorth.current.net_worth);
    // Recorded in the period's last month: nothing measured yet, rather than its balance read as gain.
    const past = await get(token, '/api/my-performance/?start=2026-01&end=2026-05');
    expect(past.investments).toMatchObject({
      measuredFrom: null,
      initialBalance: 1_000_000,
      finalBalance: 1_000_000,
      gain: 0,
      rate: null,
    });
  });

  it('follows every write at once: a line, a plan, an investment value, a debt (the answer is kept between calls)', async () => {
    const { loneClient } = await createTestOrganization(context);
    const url = '/api/my-performance/?start=2026-10&end=2026-11';
    const category = await readCategories(loneClient.token);
    expect((await get(loneClient.token, url)).period.income).toBe(0);
    await addLine(loneClient.token, {
      name: 'SALARIO',
      amount: 500_000,
      date: '2026-11-05',
      category: category('Renda'),
    });
    const afterLine = await get(loneClient.token, url);
    expect(afterLine.period.income).toBe(500_000);
    await planItem(loneClient.token, '2026-11', category('Moradia'), 120_000);
    expect((await get(loneClient.token, url)).budget.total.planned).toBe(120_000);
    const debt = await call(context, 'POST', '/api/debts/create/', {
      token: loneClient.token,
      payload: { name: 'Empréstimo', balance: 30_000, monthly_payment: 10_000, interest_rate: 1 },
    });
    expect(debt.statusCode, debt.body).toBe(201);
    const afterDebt = await get(loneClient.token, url);
    expect(afterDebt.netWorth.to.amount).toBe(afterLine.netWorth.to.amount - 30_000);
    const created = await call(context, 'POST', '/api/investments/fixed-income/create/', {
      token: loneClient.token,
      payload: { name: 'Tesouro', balance: 70_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const afterInvestment = await get(loneClient.token, url);
    expect(afterInvestment.investments).toMatchObject({ investments: 1, finalBalance: 70_000 });
    expect(afterInvestment.netWorth.to.amount).toBe(afterDebt.netWorth.to.amount + 70_000);
  });

  it('defaults to the last twelve months and refuses bad or reversed months in Portuguese', async () => {
    const performance = await get(token, '/api/my-performance/');
    expect([performance.start, performance.end, performance.months.length]).toEqual(['2025-12', '2026-11', 12]);
    for (const [query, body] of [
      ['start=2026-13', { start: ['Informe o mês como AAAA-MM.'] }],
      ['end=11/2026', { end: ['Informe o mês como AAAA-MM.'] }],
      ['start=2026-06&end=2026-05', { end: ['O mês final deve ser igual ou posterior ao inicial.'] }],
      ['start=2023-11&end=2026-11', { end: ['O período pode ter no máximo 36 meses.'] }],
    ] as const) {
      const response = await call(context, 'GET', `/api/my-performance/?${query}`, { token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual(body);
    }
    expect((await get(token, '/api/my-performance/?start=2023-12&end=2026-11')).months).toHaveLength(36);
  });

  it('answers an empty client with nothing invented: no rates, no budget, no return', async () => {
    const performance = await get(organization.loneClient.token, period);
    expect(performance.period).toMatchObject({ income: 0, expense: 0, result: 0, savingsRate: null });
    expect(performance.budget).toEqual({
      monthsPlanned: 0,
      categories: [],
      total: { planned: 0, actual: 0, difference: 0, overBudget: false },
    });
    expect(performance.investments).toMatchObject({ investments: 0, gain: 0, rate: null });
  });

  it("is the client's own: their planner and manager read it, anyone else is told the client is not found", async () => {
    const own = await get(token, period);
    const clientId = organization.client.row.id;
    expect(await get(organization.planner.token, `${period}&clientId=${clientId}`)).toEqual(own);
    expect(await get(organization.manager.token, `${period}&clientId=${clientId}`)).toEqual(own);
    const othersClient = await addOtherPlannersClient(context, organization);
    for (const [caller, id] of [
      [organization.planner.token, othersClient.row.id],
      [organization.planner.token, organization.loneClient.row.id],
      [otherOrganization.planner.token, clientId],
      [otherOrganization.manager.token, clientId],
    ] as const) {
      const response = await call(context, 'GET', `${period}&clientId=${id}`, { token: caller });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    }
  });

  it('is closed while the organization has Meu desempenho off', async () => {
    const closed = await createTestOrganization(context, { toggles: ['future_flow', 'my_assets_client'] });
    const response = await call(context, 'GET', '/api/my-performance/', { token: closed.client.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Sem permissão' });
    await context.database.db
      .insert(organizationFeatures)
      .values({ organizationId: closed.id, code: 'my_performance_client' });
    forgetSessionsOfUser(context.database.db, closed.client.row.id);
    expect((await call(context, 'GET', '/api/my-performance/', { token: closed.client.token })).statusCode).toBe(200);
  });
});
