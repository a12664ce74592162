import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

let context: TestContext;

/**
 * The clock is frozen on 15 January 2027 at 09:00 in Brasília: January is the current month.
 * Users are made after freezing, so their sessions are valid.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2027-01-15T12:00:00Z'));
  context = await createTestContext();
});

afterAll(() => {
  vi.useRealTimers();
});

/** A client of a new organization (the future flow is on by default), and the ids of its categories and descriptions. */
async function setUpClient() {
  const target = await createTestOrganization(context);
  const token = target.client.token;
  const categories: { id: number; name: string }[] = (await call(context, 'GET', '/api/category/', { token })).json();
  const descriptions: { id: number; name: string }[] = (
    await call(context, 'GET', '/api/description/', { token })
  ).json();
  const find = (rows: { id: number; name: string }[], name: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  };
  return {
    token,
    category: (name: string) => find(categories, name),
    description: (name: string) => find(descriptions, name),
  };
}

type Client = Awaited<ReturnType<typeof setUpClient>>;

async function plan(client: Client, month: string, category: string, amount: number, extra = {}) {
  const response = await call(context, 'POST', '/api/budget-item/', {
    token: client.token,
    payload: { target_month: month, category: client.category(category), amount, ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; budget: number; recurrence: string };
}

async function addLine(client: Client, name: string, amount: number, date: string, category: string) {
  const response = await call(context, 'POST', '/api/cash-flow/', {
    token: client.token,
    payload: { name, amount, date, category: client.category(category) },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function read(client: Client, path: string) {
  const response = await call(context, 'GET', path, { token: client.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** One month's planned figures as each call gives them. */
async function readPlannedFigures(client: Client, month: string) {
  const budget = await read(client, `/api/budget/?target_month=${month}`);
  const comparison = await read(client, `/api/budget/${budget.id}/comparison`);
  const flow = await read(client, `/api/future-flow/?startDate=${month}&endDate=${month}`);
  const chart = await read(client, `/api/future-flow/chart?startDate=${month}&endDate=${month}`);
  return { budget, comparison, flowMonth: flow.results[0], chartMonth: chart.months[0] };
}

describe('a month has the same figures on every call', () => {
  it('planned: budget, comparison, future flow and chart agree; investments stay out of the result', async () => {
    const client = await setUpClient();
    await plan(client, '2027-01', 'Renda', 950_000);
    await plan(client, '2027-01', 'Moradia', 538_990);
    await plan(client, '2027-01', 'Investimentos', 100_000);

    const { budget, comparison, flowMonth, chartMonth } = await readPlannedFigures(client, '2027-01');
    const expected = { income: 950_000, expense: 538_990, assetTransfer: 100_000, result: 411_010 };
    expect(flowMonth.planned).toEqual(expected);
    expect(budget).toMatchObject({
      total_income: expected.income,
      total_expense: expected.expense,
      total_asset_transfer: expected.assetTransfer,
      result: expected.result,
    });
    expect(comparison.totals).toMatchObject({
      income: { planned: expected.income },
      expense: { planned: expected.expense },
      asset_transfer: { planned: expected.assetTransfer },
      result: { planned: expected.result },
    });
    expect(chartMonth.plannedResult).toBe(expected.result);
    // Asked again, the same figures.
    expect((await readPlannedFigures(client, '2027-01')).flowMonth.planned).toEqual(expected);
  });

  it('a month following an earlier plan shows that plan on its budget screen too', async () => {
    const client = await setUpClient();
    const january = await plan(client, '2027-01', 'Renda', 950_000);
    await plan(client, '2027-01', 'Moradia', 400_000);
    const { budget, comparison, flowMonth } = await readPlannedFigures(client, '2027-03');
    // March's own budget plans nothing: its items are none, its planned figures January's.
    expect(budget).toMatchObject({ income_items: [], total_income: 0 });
    expect(flowMonth).toMatchObject({ carried: true, planned: { income: 950_000, expense: 400_000, result: 550_000 } });
    expect(comparison).toMatchObject({
      carried: true,
      planned_from: { budget: january.budget, month: '2027-01-01', date: '01/2027' },
      totals: { income: { planned: 950_000 }, expense: { planned: 400_000 }, result: { planned: 550_000 } },
    });
  });

  it('actual: cash-flow/summary/, the comparison and the future flow agree', async () => {
    const client = await setUpClient();
    await plan(client, '2027-01', 'Renda', 950_000);
    await addLine(client, 'Salário', 950_000, '2027-01-05', 'Renda');
    await addLine(client, 'Aluguel', -400_000, '2027-01-06', 'Moradia');
    await addLine(client, 'Estorno', 10_000, '2027-01-07', 'Moradia');
    await addLine(client, 'Aplicação CDB', -100_000, '2027-01-08', 'Investimentos');

    const summary = await read(client, '/api/cash-flow/summary/?start=2027-01-01&end=2027-01-31');
    const { comparison, flowMonth } = await readPlannedFigures(client, '2027-01');
    const expected = { income: 950_000, expense: 390_000, assetTransfer: 100_000, result: 560_000 };
    expect(flowMonth.summary).toEqual(expected);
    expect(summary).toMatchObject({
      total_income: expected.income,
      total_expense: -expected.expense,
      total_savings: expected.result,
    });
    expect(comparison.totals).toMatchObject({
      income: { actual: expected.income },
      expense: { actual: expected.expense },
      asset_transfer: { actual: expected.assetTransfer },
      result: { actual: expected.result },
    });
  });
});

describe('a budget item says how it repeats', () => {
  it('an IPVA paid once in January is not planned in February; a yearly one comes back next January', async () => {
    const client = await setUpClient();
    await plan(client, '2027-01', 'Renda', 950_000);
    await plan(client, '2027-01', 'Moradia', 400_000);
    const ipva = await plan(client, '2027-01', 'Transporte', 250_000, {
      description: client.description('IPVA e licenciamento'),
      recurrence: 'once',
    });
    expect(ipva.recurrence).toBe('once');

    const flow = await read(client, '/api/future-flow/?startDate=2027-01&endDate=2028-01');
    const expenses = flow.results.map((month: { planned: { expense: number } }) => month.planned.expense);
    expect(expenses[0]).toBe(650_000);
    expect(expenses.slice(1)).toEqual(Array(12).fill(400_000));
    const february = await readPlannedFigures(client, '2027-02');
    expect(february.comparison.totals.expense.planned).toBe(400_000);
    expect(february.chartMonth.plannedResult).toBe(550_000);

    const edited = await call(context, 'PUT', `/api/budget-item/${ipva.id}/`, {
      token: client.token,
      payload: { recurrence: 'yearly' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ recurrence: 'yearly', amount: 250_000 });
    const yearly = await read(client, '/api/future-flow/?startDate=2027-01&endDate=2028-02');
    expect(yearly.results.map((month: { planned: { expense: number } }) => month.planned.expense)).toEqual([
      650_000,
      ...Array(11).fill(400_000),
      650_000, // January 2028
      400_000,
    ]);

    // Making February its own plan copies what February showed: no IPVA.
    const created = await call(context, 'POST', '/api/future-flow/create/', {
      token: client.token,
      payload: { date: '2027-02' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ total_expense: 400_000, total_income: 950_000 });
  });

  it('is monthly unless said, and a bad value is a 400 in Portuguese', async () => {
    const client = await setUpClient();
    expect((await plan(client, '2027-01', 'Renda', 950_000)).recurrence).toBe('monthly');
    const bad = await call(context, 'POST', '/api/budget-item/', {
      token: client.token,
      payload: { target_month: '2027-01', category: client.category('Moradia'), amount: 1_000, recurrence: 'weekly' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      recurrence: ['Repetição inválida: use monthly (todo mês), yearly (todo ano) ou once (só neste mês).'],
    });
  });
});
