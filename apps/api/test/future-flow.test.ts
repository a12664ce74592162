import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billReminders, budgetItems, budgets, debts, organizationFeatures, origins } from '../src/db/schema';
import { forgetSessionsOfUser } from '../src/plugins/authentication';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

let context: TestContext;
let otherOrganization: TestOrganization;

/**
 * The clock is frozen on 15 November 2026 at 09:00 in Brasília: November is the current month,
 * half gone. Users are made after freezing, so their sessions are valid.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  context = await createTestContext();
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

interface Tree {
  category: (name: string) => number;
  description: (name: string) => number;
}

async function readTree(token: string): Promise<Tree> {
  const categories: { id: number; name: string }[] = (await call(context, 'GET', '/api/category/', { token })).json();
  const descriptions: { id: number; name: string }[] = (
    await call(context, 'GET', '/api/description/', { token })
  ).json();
  const find = (rows: { id: number; name: string }[], name: string) => {
    const found = rows.find((row) => row.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  };
  return { category: (name) => find(categories, name), description: (name) => find(descriptions, name) };
}

async function planItem(token: string, targetMonth: string, category: number, amount: number, query = '') {
  const response = await call(context, 'POST', `/api/budget-item/${query}`, {
    token,
    payload: { target_month: targetMonth, category, amount },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; budget: number };
}

interface LineInput {
  name: string;
  amount: number;
  date: string;
  category?: number;
  description?: number;
  origin?: number;
  is_fixed?: boolean;
}

async function addLine(token: string, line: LineInput): Promise<number> {
  const response = await call(context, 'POST', '/api/cash-flow/', { token, payload: line });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** POST tasks/budget-planning/ as the client's planner, as the planner's screens send it. */
async function makePlanningTask(target: TestOrganization, start: string): Promise<{ id: number }> {
  const response = await call(context, 'POST', '/api/tasks/budget-planning/', {
    token: target.planner.token,
    payload: { client: target.client.row.id, start },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function addAccount(client: TestUser, organizationId: number, balance: { cents: number; date: string } | null) {
  const [origin] = await context.database.db
    .insert(origins)
    .values({
      organizationId,
      clientUserId: client.row.id,
      kind: 'bank_account',
      bankCode: '341',
      branch: '1234',
      accountNumber: `${Math.floor(Math.random() * 1e8)}`,
      nickname: 'Itaú',
      balanceCents: balance?.cents ?? null,
      balanceDate: balance?.date ?? null,
    })
    .returning({ id: origins.id });
  if (!origin) throw new Error('no origin');
  return origin.id;
}

interface FutureFlowMonthView {
  id: number | null;
  date: string;
  month: string;
  taskId: number | null;
  taskStatus: string | null;
  summary: { income: number; expense: number; assetTransfer: number; result: number };
  planned: { income: number; expense: number; assetTransfer: number; result: number };
  plannedFrom: { budget: number; month: string; date: string } | null;
  carried: boolean;
  expected: {
    reminders: { total: number; items: { id: number; name: string; date: string; amount: number }[] };
    debts: { total: number; items: { id: number; name: string; amount: number; lastPayment: boolean }[] };
    total: number;
  };
}

describe('the months of the future flow', () => {
  let organization: TestOrganization;
  let tree: Tree;

  beforeAll(async () => {
    organization = await createTestOrganization(context);
    tree = await readTree(organization.client.token);
  });

  it('lists two months ago to twelve ahead, actual money as the cash-flow summary counts it, plans carried forward', async () => {
    const token = organization.client.token;
    const october = await planItem(token, '2026-10', tree.category('Renda'), 800_000);
    await planItem(token, '2026-10', tree.category('Moradia'), 250_000);
    await planItem(token, '2026-10', tree.category('Investimentos'), 50_000);
    // December's budget is opened on its screen but plans nothing: October's plan still holds there.
    const december = (await call(context, 'GET', '/api/budget/?target_month=2026-12', { token })).json();
    const task = await makePlanningTask(organization, '2026-12-01');
    const january = await planItem(token, '01/2027', tree.category('Renda'), 900_000);

    await addLine(token, { name: 'SALARIO', amount: 810_000, date: '2026-10-05', category: tree.category('Renda') });
    await addLine(token, {
      name: 'MERCADO',
      amount: -90_000,
      date: '2026-10-10',
      category: tree.category('Alimentação'),
    });
    await addLine(token, {
      name: 'ESTORNO MERCADO',
      amount: 5_000,
      date: '2026-10-12',
      category: tree.category('Alimentação'),
    });
    await addLine(token, { name: 'PIX SEM NOME', amount: -3_000, date: '2026-10-15' });
    await addLine(token, {
      name: 'APLICACAO',
      amount: -50_000,
      date: '2026-10-20',
      category: tree.category('Investimentos'),
    });
    const ignored = await addLine(token, { name: 'DUPLICADA', amount: -99_900, date: '2026-10-21' });
    expect(
      (await call(context, 'PUT', `/api/cash-flow/${ignored}/`, { token, payload: { ignored: true } })).statusCode,
    ).toBe(200);
    const ignoredAccount = await addAccount(organization.client, organization.id, null);
    await addLine(token, { name: 'CONTA IGNORADA', amount: -77_700, date: '2026-10-22', origin: ignoredAccount });
    await context.database.db.update(origins).set({ ignored: true }).where(eq(origins.id, ignoredAccount));

    const response = await call(context, 'GET', '/api/future-flow/', { token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      count: 15,
      next: null,
      previous: null,
      startDate: '2026-09-01',
      endDate: '2027-11-01',
      currentMonth: '2026-11-01',
    });
    const months: FutureFlowMonthView[] = body.results;
    expect(months.map((month) => month.date)).toEqual([
      '09/2026',
      '10/2026',
      '11/2026',
      '12/2026',
      '01/2027',
      '02/2027',
      '03/2027',
      '04/2027',
      '05/2027',
      '06/2027',
      '07/2027',
      '08/2027',
      '09/2027',
      '10/2027',
      '11/2027',
    ]);
    const [september, octoberMonth, november, decemberMonth, januaryMonth, february] = months;
    expect(september).toMatchObject({ id: null, plannedFrom: null, carried: false, taskStatus: null });
    expect(september?.planned).toEqual({ income: 0, expense: 0, assetTransfer: 0, result: 0 });

    // October: what happened (a refund lowers spending, money of no category by its sign, the
    // investment apart; the ignored line and the ignored account's line left out).
    expect(octoberMonth).toEqual({
      id: october.budget,
      date: '10/2026',
      month: '2026-10-01',
      taskId: null,
      taskStatus: null,
      summary: { income: 810_000, expense: 88_000, assetTransfer: 50_000, result: 722_000 },
      planned: { income: 800_000, expense: 250_000, assetTransfer: 50_000, result: 550_000 },
      plannedFrom: { budget: october.budget, month: '2026-10-01', date: '10/2026' },
      carried: false,
      // No reminder nor debt of the client; and a past month shows none (ADR 24).
      expected: {
        reminders: { total: 0, items: [] },
        debts: { total: 0, items: [] },
        instalments: { total: 0, items: [] },
        total: 0,
      },
    });
    const summary = (
      await call(context, 'GET', '/api/cash-flow/summary/?start=2026-10-01&end=2026-10-31', { token })
    ).json();
    expect([octoberMonth?.summary.income, -(octoberMonth?.summary.expense ?? 0)]).toEqual([
      summary.total_income,
      summary.total_expense,
    ]);

    expect(november).toMatchObject({
      id: null,
      carried: true,
      plannedFrom: { budget: october.budget, date: '10/2026' },
    });
    expect(november?.planned.result).toBe(550_000);
    // December's planning is still the planner's draft: not the client's yet (ADR 6), but the planner's.
    expect(decemberMonth).toMatchObject({
      id: december.id,
      carried: true,
      plannedFrom: { budget: october.budget },
      taskId: null,
      taskStatus: null,
    });
    const asPlanner = await call(context, 'GET', `/api/future-flow/?clientId=${organization.client.row.id}`, {
      token: organization.planner.token,
    });
    const plannersDecember = (asPlanner.json().results as FutureFlowMonthView[]).find(
      (month) => month.date === '12/2026',
    );
    expect(plannersDecember).toMatchObject({ id: december.id, taskId: task.id, taskStatus: 'pending' });
    expect(januaryMonth).toMatchObject({ id: january.budget, carried: false });
    expect(januaryMonth?.planned).toEqual({ income: 900_000, expense: 0, assetTransfer: 0, result: 900_000 });
    expect(february).toMatchObject({
      id: null,
      carried: true,
      plannedFrom: { budget: january.budget, date: '01/2027' },
    });
    expect(months.at(-1)?.planned.income).toBe(900_000);
  });

  it('takes any form of a month for startDate and endDate, and a planner sees the ideal budget beside', async () => {
    const token = organization.client.token;
    const range = await call(context, 'GET', '/api/future-flow/?startDate=10/2026&endDate=2026-11-30', { token });
    expect(range.json().results.map((month: FutureFlowMonthView) => month.date)).toEqual(['10/2026', '11/2026']);
    expect(range.json()).not.toHaveProperty('ideal');

    const none = await call(context, 'GET', '/api/future-flow/?ideal=true', { token });
    expect(none.json().ideal).toBeNull();
    const clientId = organization.client.row.id;
    await planItem(
      organization.planner.token,
      '',
      tree.category('Renda'),
      700_000,
      `?budget_ideal=True&clientId=${clientId}`,
    );
    await planItem(
      organization.planner.token,
      '',
      tree.category('Lazer'),
      40_000,
      `?budget_ideal=True&clientId=${clientId}`,
    );
    const withIdeal = await call(context, 'GET', `/api/future-flow/?ideal=True&clientId=${clientId}`, {
      token: organization.planner.token,
    });
    expect(withIdeal.statusCode).toBe(200);
    expect(withIdeal.json().ideal).toEqual({
      id: expect.any(Number),
      income: 700_000,
      expense: 40_000,
      assetTransfer: 0,
      result: 660_000,
    });
  });

  it('answers a clear message for a month that is not one, a range backwards or longer than 60 months', async () => {
    const token = organization.client.token;
    const cases: [string, Record<string, string[]>][] = [
      ['startDate=2026-13', { startDate: ['Mês alvo não encontrado'] }],
      ['endDate=amanha', { endDate: ['Mês alvo não encontrado'] }],
      ['startDate=2027-02&endDate=2027-01', { endDate: ['A data final deve ser igual ou posterior à inicial.'] }],
      ['startDate=2026-01&endDate=2031-01', { endDate: ['O período pode ter no máximo 60 meses.'] }],
    ];
    for (const [query, answer] of cases) {
      for (const path of ['/api/future-flow/', '/api/future-flow/chart']) {
        const response = await call(context, 'GET', `${path}?${query}`, { token });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.json()).toEqual(answer);
      }
    }
    const sixty = await call(context, 'GET', '/api/future-flow/?startDate=2026-01&endDate=2030-12', { token });
    expect(sixty.statusCode).toBe(200);
    expect(sixty.json().count).toBe(60);
  });
});

describe('the balance series', () => {
  it('projects twelve months from the known balance, the budget and the fixed lines, each counted once', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const tree = await readTree(token);
    // The bank said R$ 10.000,00 at the end of 10 November; salary and rent came in before, so on
    // 1 November the account held R$ 4.500,00.
    const account = await addAccount(organization.client, organization.id, { cents: 1_000_000, date: '2026-11-10' });
    const renda = tree.category('Renda');
    const moradia = tree.category('Moradia');
    await addLine(token, {
      name: 'SALARIO',
      amount: 800_000,
      date: '2026-11-05',
      category: renda,
      origin: account,
      is_fixed: true,
    });
    await addLine(token, {
      name: 'ALUGUEL',
      amount: -250_000,
      date: '2026-11-08',
      category: moradia,
      origin: account,
      is_fixed: true,
    });
    await addLine(token, {
      name: 'MERCADO',
      amount: -60_000,
      date: '2026-11-12',
      category: tree.category('Alimentação'),
      origin: account,
    });
    // A line the client ignored (a duplicate the bank never charged) does not count, here either.
    const duplicate = await addLine(token, { name: 'DUPLICADA', amount: -70_000, date: '2026-11-06', origin: account });
    expect(
      (await call(context, 'PUT', `/api/cash-flow/${duplicate}/`, { token, payload: { ignored: true } })).statusCode,
    ).toBe(200);
    // The gym was paid in October and not yet in November: it is still expected this month.
    await addLine(token, {
      name: 'ACADEMIA',
      amount: -12_000,
      date: '2026-10-05',
      category: tree.category('Saúde'),
      is_fixed: true,
    });
    // A course last paid in June has ended (not seen in the three months before November).
    await addLine(token, {
      name: 'CURSO',
      amount: -40_000,
      date: '2026-06-05',
      category: tree.category('Educação'),
      is_fixed: true,
    });
    await planItem(token, '2026-11', renda, 800_000);
    await planItem(token, '2026-11', moradia, 250_000);
    await planItem(token, '2026-11', tree.category('Alimentação'), 150_000);

    const response = await call(context, 'GET', '/api/future-flow/chart?startDate=2026-11&endDate=2027-10', { token });
    expect(response.statusCode, response.body).toBe(200);
    const chart = response.json();
    expect(chart.openingBalance).toEqual({ amount: 450_000, date: '2026-11-01', source: 'accounts', accounts: 1 });
    expect(chart.series.map((series: { name: string }) => series.name)).toEqual(['Saldo planejado', 'Saldo projetado']);
    const [planned, projected] = chart.series as {
      name: string;
      ticks: number[];
      data: { date: string; amount: number }[];
    }[];
    expect(planned?.data).toHaveLength(12);
    expect(planned?.data[0]).toEqual({ date: '11/2026', amount: 450_000 + 400_000 });
    expect(planned?.data.at(-1)).toEqual({ date: '10/2027', amount: 450_000 + 12 * 400_000 });
    // Each month: the plan (salary, rent and food, the fixed salary and rent inside it) and the gym,
    // which no plan covers. November: food up to its plan, 600 of 1.500 spent so far.
    const monthly = 800_000 - 250_000 - 150_000 - 12_000;
    expect(projected?.data.map((point) => point.amount)).toEqual(
      Array.from({ length: 12 }, (_, index) => 450_000 + (index + 1) * monthly),
    );
    expect(projected?.data.at(-1)).toEqual({ date: '10/2027', amount: 5_106_000 });
    expect(projected?.ticks).toEqual(planned?.ticks);
    expect(planned?.ticks.at(0)).toBeLessThanOrEqual(0);
    expect(planned?.ticks.at(-1)).toBeGreaterThanOrEqual(5_250_000);
    expect(chart.months[0]).toEqual({ date: '11/2026', plannedResult: 400_000, projectedResult: monthly });

    // A range wholly before the balance's day carries it back over the lines after the range too.
    const past = (
      await call(context, 'GET', '/api/future-flow/chart?startDate=2026-09&endDate=2026-10', { token })
    ).json();
    expect(past.openingBalance).toEqual({ amount: 450_000, date: '2026-09-01', source: 'accounts', accounts: 1 });
    expect(past.series[1].data).toEqual([
      { date: '09/2026', amount: 450_000 },
      { date: '10/2026', amount: 450_000 - 12_000 },
    ]);
  });

  it('follows what happened before the current month, and starts at zero when no balance is known', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const tree = await readTree(token);
    await addLine(token, { name: 'SALARIO', amount: 500_000, date: '2026-09-05', category: tree.category('Renda') });
    await addLine(token, {
      name: 'MERCADO',
      amount: -200_000,
      date: '2026-10-05',
      category: tree.category('Alimentação'),
    });
    await planItem(token, '2026-12', tree.category('Renda'), 300_000);
    const chart = (
      await call(context, 'GET', '/api/future-flow/chart?startDate=2026-09&endDate=2027-01', { token })
    ).json();
    expect(chart.openingBalance).toEqual({ amount: 0, date: '2026-09-01', source: 'none', accounts: 0 });
    const [planned, projected] = chart.series as { data: { date: string; amount: number }[] }[];
    expect(projected?.data).toEqual([
      { date: '09/2026', amount: 500_000 },
      { date: '10/2026', amount: 300_000 },
      { date: '11/2026', amount: 300_000 },
      { date: '12/2026', amount: 600_000 },
      { date: '01/2027', amount: 900_000 },
    ]);
    expect(planned?.data.map((point) => point.amount)).toEqual([0, 0, 0, 300_000, 600_000]);

    // Without a known balance a later range counts from 0 at its start...
    const laterPath = '/api/future-flow/chart?startDate=2027-01&endDate=2027-02';
    const fromZero = (await call(context, 'GET', laterPath, { token })).json();
    expect(fromZero.openingBalance).toEqual({ amount: 0, date: '2027-01-01', source: 'none', accounts: 0 });
    expect(fromZero.series[1].data).toEqual([
      { date: '01/2027', amount: 300_000 },
      { date: '02/2027', amount: 600_000 },
    ]);
    // ...with one, it begins where the client is expected to be by then: R$ 1.000,00 on 15 October
    // and R$ 500,00 in on the 20th make R$ 1.500,00 on 1 November; nothing more in November,
    // then December's plan.
    const account = await addAccount(organization.client, organization.id, { cents: 100_000, date: '2026-10-15' });
    await addLine(token, { name: 'PIX', amount: 50_000, date: '2026-10-20', origin: account });
    const later = (await call(context, 'GET', laterPath, { token })).json();
    expect(later.openingBalance).toEqual({ amount: 450_000, date: '2027-01-01', source: 'accounts', accounts: 1 });
    expect(later.series[1].data).toEqual([
      { date: '01/2027', amount: 750_000 },
      { date: '02/2027', amount: 1_050_000 },
    ]);
  });
});

describe('creating and editing a month of the future flow', () => {
  let organization: TestOrganization;
  let tree: Tree;

  beforeAll(async () => {
    organization = await createTestOrganization(context);
    tree = await readTree(organization.client.token);
  });

  async function readItems(budgetId: number) {
    const rows = await context.database.db
      .select({
        category: budgetItems.categoryId,
        description: budgetItems.descriptionId,
        amount: budgetItems.amountCents,
      })
      .from(budgetItems)
      .where(eq(budgetItems.budgetId, budgetId));
    return rows.sort((a, b) => a.category - b.category || (a.description ?? 0) - (b.description ?? 0));
  }

  it('makes a month its own plan from the plan it follows, or from the ideal budget', async () => {
    const token = organization.client.token;
    const march = await planItem(token, '2027-03', tree.category('Renda'), 600_000);
    await planItem(token, '2027-03', tree.category('Moradia'), 200_000);

    const created = await call(context, 'POST', '/api/future-flow/create/', { token, payload: { date: '05/2027' } });
    expect(created.statusCode, created.body).toBe(201);
    const may = created.json();
    expect(may).toMatchObject({
      target_month: '2027-05-01',
      is_ideal: false,
      total_income: 600_000,
      total_expense: 200_000,
    });
    expect(may.id).not.toBe(march.budget);
    expect(await readItems(may.id)).toEqual(await readItems(march.budget).then((items) => items));

    const again = await call(context, 'POST', '/api/future-flow/create/', { token, payload: { date: '2027-05' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'O orçamento deste mês já existe.' });

    const noIdeal = await call(context, 'POST', '/api/future-flow/create/', {
      token,
      payload: { date: '2027-06', from: 'ideal' },
    });
    expect(noIdeal.statusCode).toBe(400);
    expect(noIdeal.json()).toEqual({ detail: 'Não há itens para copiar.' });
    const nothingBefore = await call(context, 'POST', '/api/future-flow/create/', {
      token,
      payload: { date: '2027-01' },
    });
    expect(nothingBefore.json()).toEqual({ detail: 'Não há itens para copiar.' });

    const clientId = organization.client.row.id;
    await planItem(
      organization.planner.token,
      '',
      tree.category('Lazer'),
      45_000,
      `?budget_ideal=True&clientId=${clientId}`,
    );
    const fromIdeal = await call(context, 'POST', `/api/future-flow/create/?clientId=${clientId}`, {
      token: organization.planner.token,
      payload: { target_month: '2027-06', from: 'ideal' },
    });
    expect(fromIdeal.statusCode, fromIdeal.body).toBe(201);
    expect(fromIdeal.json()).toMatchObject({ target_month: '2027-06-01', total_expense: 45_000, total_income: 0 });

    const months: FutureFlowMonthView[] = (
      await call(context, 'GET', '/api/future-flow/?startDate=2027-04&endDate=2027-07', { token })
    ).json().results;
    expect(months.map((month) => [month.date, month.carried, month.planned.result])).toEqual([
      ['04/2027', true, 400_000],
      ['05/2027', false, 400_000],
      ['06/2027', false, -45_000],
      ['07/2027', true, -45_000],
    ]);
  });

  it('copies from a budget named by id, only one of the same client', async () => {
    const token = organization.client.token;
    const source = await planItem(token, '2027-08', tree.category('Saúde'), 30_000);
    const copy = await call(context, 'POST', '/api/future-flow/create/', {
      token,
      payload: { date: '2027-10', budget: source.budget },
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().total_expense).toBe(30_000);
    const foreign = await planItem(
      otherOrganization.client.token,
      '2027-08',
      (await readTree(otherOrganization.client.token)).category('Saúde'),
      1_000,
    );
    const stolen = await call(context, 'POST', '/api/future-flow/create/', {
      token,
      payload: { date: '2027-11', budget: foreign.budget },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: 'Orçamento não encontrado.' });
  });

  it('edits a month that follows an earlier plan by taking a copy first, in one go', async () => {
    const token = organization.client.token;
    const renda = tree.category('Renda');
    const moradia = tree.category('Moradia');
    const lazer = tree.category('Lazer');
    const january = await planItem(token, '2028-01', renda, 500_000);
    await planItem(token, '2028-01', moradia, 150_000);

    const edited = await call(context, 'PUT', '/api/future-flow/edit/', {
      token,
      payload: {
        date: '2028-02',
        items: [
          { category: lazer, amount: 30_000 },
          { category: { id: moradia }, amount: 0 },
          { category: renda, amount: 520_000 },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const february = edited.json();
    expect(february).toMatchObject({ target_month: '2028-02-01', total_income: 520_000, total_expense: 30_000 });
    expect(await readItems(february.id)).toEqual(
      [
        { category: renda, description: null, amount: 520_000 },
        { category: lazer, description: null, amount: 30_000 },
      ].sort((a, b) => a.category - b.category),
    );
    // January keeps its own plan.
    expect((await readItems(january.budget)).map((item) => item.amount).sort()).toEqual([150_000, 500_000]);

    // A description of the category plans that line; sent again, it changes the amount.
    const aluguel = tree.description('Aluguel');
    for (const amount of [100_000, 110_000]) {
      const response = await call(context, 'PUT', '/api/future-flow/edit/', {
        token,
        payload: { budget: february.id, items: [{ category: moradia, description: aluguel, amount }] },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(await readItems(february.id)).toContainEqual({ category: moradia, description: aluguel, amount: 110_000 });
  });

  it('copies a month into the ideal budget once when the planner sends it four times at once', async () => {
    const target = await createTestOrganization(context);
    const targetTree = await readTree(target.client.token);
    const clientId = target.client.row.id;
    const renda = await planItem(target.client.token, '2027-09', targetTree.category('Renda'), 700_000);
    await planItem(target.client.token, '2027-09', targetTree.category('Moradia'), 210_000);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          call(context, 'POST', `/api/future-flow/budget-ideal/?clientId=${clientId}`, {
            token: target.planner.token,
            payload: { budget: renda.budget },
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
      const [ideal] = await context.database.db
        .select({ id: budgets.id })
        .from(budgets)
        .where(and(eq(budgets.clientUserId, clientId), eq(budgets.isIdeal, true)));
      expect(ideal).toBeDefined();
      expect(await readItems(ideal?.id ?? 0)).toEqual(
        [
          { category: targetTree.category('Renda'), description: null, amount: 700_000 },
          { category: targetTree.category('Moradia'), description: null, amount: 210_000 },
        ].sort((a, b) => a.category - b.category),
      );
    }
  });

  it('takes one copy of the carried plan when four edits of an empty month arrive at once', async () => {
    const token = organization.client.token;
    const renda = tree.category('Renda');
    const moradia = tree.category('Moradia');
    const lazer = tree.category('Lazer');
    await planItem(token, '2029-01', renda, 400_000);
    await planItem(token, '2029-01', moradia, 120_000);
    // Each month's budget exists but plans nothing yet, so every edit would copy January's plan.
    for (const month of ['2029-02', '2029-03', '2029-04']) {
      const empty = await call(context, 'GET', `/api/budget/?target_month=${month}`, { token });
      expect(empty.json()).toMatchObject({ target_month: `${month}-01`, total_income: 0, total_expense: 0 });
      const answers = await Promise.all(
        [10_000, 20_000, 30_000, 40_000].map((amount) =>
          call(context, 'PUT', '/api/future-flow/edit/', {
            token,
            payload: { date: month, items: [{ category: lazer, amount }] },
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const items = await readItems(empty.json().id);
      expect(items.filter((item) => item.category !== lazer)).toEqual(
        [
          { category: renda, description: null, amount: 400_000 },
          { category: moradia, description: null, amount: 120_000 },
        ].sort((a, b) => a.category - b.category),
      );
      expect(items.filter((item) => item.category === lazer)).toHaveLength(1);
    }
  });

  it('changes nothing when one line is wrong, and says what is wrong', async () => {
    const token = organization.client.token;
    const renda = tree.category('Renda');
    const cases: [unknown, number, unknown][] = [
      [{ date: '2028-05', items: [] }, 400, { items: ['Informe ao menos um item.'] }],
      [
        { date: '2028-05', items: [{ category: renda, amount: -1 }] },
        400,
        { 'items.0.amount': ['O valor não pode ser negativo.'] },
      ],
      [
        { date: '2028-05', items: [{ category: renda, amount: 10.5 }] },
        400,
        { 'items.0.amount': ['Valor inválido: envie centavos inteiros'] },
      ],
      [{ items: [{ category: renda, amount: 1 }] }, 400, { detail: 'Mês alvo não encontrado' }],
      [{ date: '2028-13', items: [{ category: renda, amount: 1 }] }, 400, { detail: 'Mês alvo não encontrado' }],
      [
        {
          date: '2028-05',
          items: [
            { category: renda, amount: 1 },
            { category: renda, amount: 2 },
          ],
        },
        400,
        { items: ['Categoria e descrição repetidas na lista.'] },
      ],
      [
        {
          date: '2028-05',
          items: [
            { category: renda, amount: 100 },
            { category: renda, description: tree.description('Aluguel'), amount: 1 },
          ],
        },
        400,
        { 'items.1.description': ['A descrição não pertence a esta categoria.'] },
      ],
      [
        {
          date: '2028-05',
          items: [
            { category: renda, amount: 100 },
            { category: (await readTree(otherOrganization.client.token)).category('Renda'), amount: 1 },
          ],
        },
        400,
        { 'items.1.category': ['Categorias não encontradas'] },
      ],
      [{ budget: 999_999, items: [{ category: renda, amount: 1 }] }, 404, { detail: 'Orçamento não encontrado.' }],
    ];
    for (const [payload, status, answer] of cases) {
      const response = await call(context, 'PUT', '/api/future-flow/edit/', { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json()).toEqual(answer);
    }
    const [may] = await context.database.db
      .select({ id: budgets.id })
      .from(budgets)
      .where(and(eq(budgets.clientUserId, organization.client.row.id), eq(budgets.targetMonth, '2028-05-01')));
    expect(may).toBeUndefined();

    const badSource = await call(context, 'POST', '/api/future-flow/create/', {
      token,
      payload: { date: '2028-05', from: 'ontem' },
    });
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json()).toEqual({ from: ['Escolha de onde copiar: previous ou ideal.'] });
  });
});

describe('reading the future flow again after a change', () => {
  let organization: TestOrganization;
  let tree: Tree;

  beforeAll(async () => {
    organization = await createTestOrganization(context);
    tree = await readTree(organization.client.token);
  });

  const readMonth = async (token: string, date: string, query = '') => {
    const response = await call(context, 'GET', `/api/future-flow/?startDate=2026-11&endDate=2027-02${query}`, {
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: FutureFlowMonthView[] }).results.find((month) => month.date === date);
  };
  const readPlannedBalance = async (token: string) => {
    const response = await call(context, 'GET', '/api/future-flow/chart?startDate=2026-11&endDate=2027-02', { token });
    expect(response.statusCode, response.body).toBe(200);
    const [planned] = (response.json() as { series: { data: { date: string; amount: number }[] }[] }).series;
    return planned?.data.find((point) => point.date === '02/2027')?.amount;
  };

  it('shows a plan, a changed amount and a planning task as soon as they are written', async () => {
    const token = organization.client.token;
    const clientQuery = `&clientId=${organization.client.row.id}`;
    // Read twice first, so whatever is kept between calls is in place.
    for (let read = 0; read < 2; read++) {
      expect((await readMonth(token, '01/2027'))?.planned.income).toBe(0);
      expect(await readPlannedBalance(token)).toBe(0);
    }
    const item = await planItem(token, '2027-01', tree.category('Renda'), 300_000);
    expect((await readMonth(token, '01/2027'))?.planned.income).toBe(300_000);
    expect((await readMonth(token, '02/2027'))?.plannedFrom?.date).toBe('01/2027');
    expect(await readPlannedBalance(token)).toBe(600_000);

    // Any write of the budget's items counts, whichever call or job makes it.
    await context.database.db
      .update(budgetItems)
      .set({ amountCents: 250_000 })
      .where(eq(budgetItems.budgetId, item.budget));
    expect((await readMonth(token, '01/2027'))?.planned.income).toBe(250_000);
    expect(await readPlannedBalance(token)).toBe(500_000);

    // The planner's draft is theirs until sent: the client, who read the month before, still does not see it.
    expect((await readMonth(organization.planner.token, '12/2026', clientQuery))?.taskId).toBeNull();
    const task = await makePlanningTask(organization, '2026-12-01');
    expect((await readMonth(organization.planner.token, '12/2026', clientQuery))?.taskId).toBe(task.id);
    expect((await readMonth(token, '12/2026'))?.taskId).toBeNull();

    await context.database.db.delete(budgets).where(eq(budgets.id, item.budget));
    expect((await readMonth(token, '01/2027'))?.planned.income).toBe(0);
    expect(await readPlannedBalance(token)).toBe(0);
  });
});

describe('bill reminders and debts in the months ahead', () => {
  let organization: TestOrganization;

  beforeAll(async () => {
    organization = await createTestOrganization(context);
  });

  async function create(token: string, path: string, payload: object, query = ''): Promise<number> {
    const response = await call(context, 'POST', `${path}${query}`, { token, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  async function readMonths(token: string, query = '') {
    const response = await call(context, 'GET', `/api/future-flow/${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { results: FutureFlowMonthView[] }).results;
  }

  it('shows each occurrence of a reminder with an amount and each debt payment until its payoff, apart from the plan', async () => {
    const { client, loneClient, planner } = organization;
    const rent = await create(client.token, '/api/bill-reminder/', {
      title: 'Aluguel',
      reminder_date: '2026-08-10',
      periodicity: 'MONTHLY',
      amount: 150_000,
    });
    // Neither the one kept out of the future flow nor the one without an amount is shown.
    await create(client.token, '/api/bill-reminder/', {
      title: 'Luz',
      reminder_date: '2026-08-05',
      periodicity: 'MONTHLY',
      amount: 20_000,
      cashflow_reminder: false,
    });
    await create(client.token, '/api/bill-reminder/', {
      title: 'Água',
      reminder_date: '2026-08-07',
      periodicity: 'MONTHLY',
    });
    // Three instalments left on 15 November: December, January and February.
    const loan = await create(client.token, '/api/debts/create/', {
      name: 'Empréstimo',
      balance: 90_000,
      monthly_payment: 30_000,
      installments_left: 3,
      interest_rate: 1.5,
    });
    // Another client's reminder and debt stay theirs.
    await create(loneClient.token, '/api/bill-reminder/', {
      title: 'Escola',
      reminder_date: '2026-08-01',
      periodicity: 'MONTHLY',
      amount: 99_000,
    });
    await create(loneClient.token, '/api/debts/create/', {
      name: 'Carro',
      balance: 900_000,
      monthly_payment: 99_000,
      interest_rate: 1,
    });

    const months = await readMonths(client.token);
    expect(months.map((month) => month.date)).toHaveLength(15);
    const byDate = new Map(months.map((month) => [month.date, month]));
    // Months before the current one were paid or not: the cash flow says.
    expect(byDate.get('09/2026')?.expected).toEqual({
      reminders: { total: 0, items: [] },
      debts: { total: 0, items: [] },
      instalments: { total: 0, items: [] },
      total: 0,
    });
    expect(byDate.get('11/2026')?.expected).toEqual({
      reminders: { total: 150_000, items: [{ id: rent, name: 'Aluguel', date: '2026-11-10', amount: 150_000 }] },
      debts: { total: 0, items: [] },
      instalments: { total: 0, items: [] },
      total: 150_000,
    });
    expect(byDate.get('02/2027')?.expected).toEqual({
      reminders: { total: 150_000, items: [{ id: rent, name: 'Aluguel', date: '2027-02-10', amount: 150_000 }] },
      debts: { total: 30_000, items: [{ id: loan, name: 'Empréstimo', amount: 30_000, lastPayment: true }] },
      instalments: { total: 0, items: [] },
      total: 180_000,
    });
    const projected = months.filter((month) => month.month >= '2026-11-01');
    expect(projected.map((month) => month.expected.reminders.items.map((item) => item.date))).toEqual(
      projected.map((month) => [`${month.month.slice(0, 7)}-10`]),
    );
    expect(projected.map((month) => month.expected.debts.total)).toEqual([
      0, 30_000, 30_000, 30_000, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
    // Beside the plan, never in it: the month plans nothing and its figures stay zero.
    expect(byDate.get('12/2026')?.planned).toEqual({ income: 0, expense: 0, assetTransfer: 0, result: 0 });
    const chart = await call(context, 'GET', '/api/future-flow/chart', { token: client.token });
    expect(chart.json().months.every((month: { projectedResult: number }) => month.projectedResult === 0)).toBe(true);

    // The planner sees the client's; the other client sees only their own.
    const planned = await readMonths(planner.token, `?clientId=${client.row.id}`);
    expect(planned.find((month) => month.date === '12/2026')?.expected.total).toBe(180_000);
    const other = await readMonths(loneClient.token);
    expect(other.find((month) => month.date === '12/2026')?.expected).toMatchObject({
      reminders: { total: 99_000, items: [{ name: 'Escola' }] },
      debts: { total: 99_000, items: [{ name: 'Carro', lastPayment: false }] },
    });
  });

  it('shows a change to a reminder or a debt at once, after the months were read', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const december = async () =>
      (await readMonths(token, '?startDate=2026-12&endDate=2026-12')).find((month) => month.date === '12/2026')
        ?.expected;
    const reminder = await create(token, '/api/bill-reminder/', {
      title: 'Internet',
      reminder_date: '2026-12-20',
      periodicity: 'YEARLY',
      amount: 10_000,
    });
    const debt = await create(token, '/api/debts/create/', {
      name: 'Cartão',
      balance: 50_000,
      monthly_payment: 50_000,
      interest_rate: 0,
    });
    expect((await december())?.total).toBe(60_000);
    // Any write counts, whichever call or job makes it.
    await context.database.db.update(billReminders).set({ amountCents: 12_000 }).where(eq(billReminders.id, reminder));
    expect(await december()).toMatchObject({ reminders: { total: 12_000 }, total: 62_000 });
    await context.database.db.update(debts).set({ monthlyPaymentCents: 40_000 }).where(eq(debts.id, debt));
    expect(await december()).toMatchObject({ debts: { total: 40_000 }, total: 52_000 });
    expect(
      (await call(context, 'PUT', `/api/bill-reminder/${reminder}/`, { token, payload: { cashflow_reminder: false } }))
        .statusCode,
    ).toBe(200);
    expect(await december()).toMatchObject({ reminders: { total: 0, items: [] }, total: 40_000 });
    expect((await call(context, 'DELETE', `/api/debts/edit/${debt}/`, { token })).statusCode).toBe(204);
    expect((await december())?.total).toBe(0);
    await context.database.db.delete(billReminders).where(eq(billReminders.id, reminder));
    expect((await december())?.total).toBe(0);
  });
});

describe('who sees whose future flow', () => {
  let organization: TestOrganization;

  beforeAll(async () => {
    organization = await createTestOrganization(context);
    const tree = await readTree(organization.client.token);
    await planItem(organization.client.token, '2026-12', tree.category('Renda'), 123_400);
  });

  const december = (body: { results: FutureFlowMonthView[] }) =>
    body.results.find((month) => month.date === '12/2026')?.planned.income;

  it('shows a client their own, whatever client they name', async () => {
    const response = await call(context, 'GET', `/api/future-flow/?clientId=${otherOrganization.client.row.id}`, {
      token: organization.client.token,
    });
    expect(response.statusCode).toBe(200);
    expect(december(response.json())).toBe(123_400);
    const other = await call(context, 'GET', '/api/future-flow/', { token: organization.loneClient.token });
    expect(december(other.json())).toBe(0);
  });

  it("lets a planner see their client's and a manager any client's; another planner's client or organization is 404", async () => {
    const clientId = organization.client.row.id;
    const planner = await call(context, 'GET', `/api/future-flow/chart?clientId=${clientId}`, {
      token: organization.planner.token,
    });
    expect(planner.statusCode).toBe(200);
    const manager = await call(context, 'GET', `/api/future-flow/?client=${clientId}`, {
      token: organization.manager.token,
    });
    expect(december(manager.json())).toBe(123_400);

    const withoutClient = await call(context, 'GET', '/api/future-flow/', { token: organization.planner.token });
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json()).toEqual({ detail: 'Informe o cliente (clientId).' });
    for (const [token, id] of [
      [organization.planner.token, organization.loneClient.row.id],
      [otherOrganization.planner.token, clientId],
      [otherOrganization.manager.token, clientId],
    ] as const) {
      for (const [method, path] of [
        ['GET', `/api/future-flow/?clientId=${id}`],
        ['GET', `/api/future-flow/chart?clientId=${id}`],
        ['POST', `/api/future-flow/create/?clientId=${id}`],
        ['PUT', `/api/future-flow/edit/?clientId=${id}`],
      ] as const) {
        const response = await call(context, method, path, {
          token,
          payload: method === 'GET' ? undefined : { date: '2027-02', items: [{ category: 1, amount: 1 }] },
        });
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
      }
    }
  });

  it('is closed when the organization has the future flow off', async () => {
    const closed = await createTestOrganization(context, { toggles: ['help'] });
    for (const [method, path] of [
      ['GET', '/api/future-flow/'],
      ['GET', '/api/future-flow/chart'],
      ['POST', '/api/future-flow/create/'],
      ['PUT', '/api/future-flow/edit/'],
    ] as const) {
      const response = await call(context, method, path, {
        token: closed.client.token,
        payload: method === 'GET' ? undefined : { date: '2027-02', items: [{ category: 1, amount: 1 }] },
      });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
      expect(response.json()).toEqual({ detail: 'Sem permissão' });
    }
    // The planner's copy into the ideal budget is a future-flow call too (ADR 7).
    const idealCopy = await call(context, 'POST', `/api/future-flow/budget-ideal/?clientId=${closed.client.row.id}`, {
      token: closed.planner.token,
      payload: {},
    });
    expect(idealCopy.statusCode, idealCopy.body).toBe(403);
    expect(idealCopy.json()).toEqual({ detail: 'Sem permissão' });
    const idealBudgets = await context.database.db
      .select({ id: budgets.id })
      .from(budgets)
      .where(and(eq(budgets.clientUserId, closed.client.row.id), eq(budgets.isIdeal, true)));
    expect(idealBudgets).toEqual([]);
    // Turned on, the same client may use it.
    await context.database.db.insert(organizationFeatures).values({ organizationId: closed.id, code: 'future_flow' });
    // The access plugin reads toggles with the session, which is reused for a few seconds: look it up afresh.
    forgetSessionsOfUser(context.database.db, closed.client.row.id);
    expect((await call(context, 'GET', '/api/future-flow/', { token: closed.client.token })).statusCode).toBe(200);
  });
});
