import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { budgetItems, budgets } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

/**
 * The clock is frozen at 23:30 of 30 November 2026 in Brasília (already 1 December in UTC): the
 * current month of a budget is November. Users are made after freezing, so their sessions are valid.
 */
const frozenNow = new Date('2026-12-01T02:30:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(frozenNow);
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

interface DescriptionView {
  id: number;
  name: string;
  category: number;
  category_name: string;
}

async function readTree(token: string) {
  const categories: { id: number; name: string }[] = (await call(context, 'GET', '/api/category/', { token })).json();
  const descriptions: DescriptionView[] = (await call(context, 'GET', '/api/description/', { token })).json();
  const category = (name: string) => {
    const found = categories.find((row) => row.name === name);
    if (!found) throw new Error(`no category ${name}`);
    return found.id;
  };
  const description = (name: string) => {
    const found = descriptions.find((row) => row.name === name);
    if (!found) throw new Error(`no description ${name}`);
    return found;
  };
  return { category, description };
}

async function addItem(token: string, payload: Record<string, unknown>, query = '') {
  const response = await call(context, 'POST', `/api/budget-item/${query}`, { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('a budget of a month', () => {
  it('is made on first need for the current month in Brasília and groups expenses by category', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const tree = await readTree(token);
    const empty = await call(context, 'GET', '/api/budget/', { token });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      client: target.client.row.id,
      target_month: '2026-11-01',
      is_ideal: false,
      expense_items_by_category: [],
      income_items: [],
      total_income: 0,
      total_expense: 0,
      result: 0,
    });
    const budgetId = empty.json().id;

    const rent = await addItem(token, {
      target_month: '11/2026',
      category: tree.category('Moradia'),
      description: tree.description('Aluguel').id,
      amount: 180_000,
    });
    expect(rent).toEqual({
      id: expect.any(Number),
      budget: budgetId,
      category: tree.category('Moradia'),
      category_name: 'Moradia',
      description: tree.description('Aluguel').id,
      description_name: 'Aluguel',
      amount: 180_000,
      recurrence: 'monthly',
      kind: 'expense',
      is_expense: true,
      is_asset_transfer: false,
    });
    await addItem(token, { budget: budgetId, category: { id: tree.category('Moradia') }, amount: 20_000 });
    await addItem(token, { target_month: '2026-11', category: tree.category('Alimentação'), amount: 120_000 });
    await addItem(token, {
      target_month: '2026-11-15',
      category: tree.category('Renda'),
      description: tree.description('Salário').id,
      amount: 700_000,
    });
    await addItem(token, {
      budget: budgetId,
      category: tree.category('Investimentos'),
      description: tree.description('Aplicação').id,
      amount: 50_000,
    });

    const view = (await call(context, 'GET', `/api/budget/${budgetId}`, { token })).json();
    expect(
      view.expense_items_by_category.map(
        (group: {
          category: { name: string };
          total: number;
          expense_items: { description_name: string | null }[];
        }) => [group.category.name, group.total, group.expense_items.map((item) => item.description_name)],
      ),
    ).toEqual([
      ['Moradia', 200_000, [null, 'Aluguel']],
      ['Alimentação', 120_000, [null]],
    ]);
    expect(view.income_items.map((item: { description_name: string }) => item.description_name)).toEqual(['Salário']);
    expect(view).toMatchObject({
      total_income: 700_000,
      total_expense: 320_000,
      total_asset_transfer: 50_000,
      result: 380_000,
    });

    const withAssets = (await call(context, 'GET', `/api/budget/${budgetId}?asset=true`, { token })).json();
    expect(
      withAssets.expense_items_by_category.map((group: { category: { name: string } }) => group.category.name),
    ).toEqual(['Moradia', 'Alimentação', 'Investimentos']);
    expect(withAssets.expense_items_by_category[2].expense_items[0]).toMatchObject({ is_asset_transfer: true });

    // The same month asked again is the same budget; the rows are stored once.
    const again = (await call(context, 'GET', '/api/budget/?target_month=2026-11', { token })).json();
    expect(again.id).toBe(budgetId);
    const stored = await context.database.db
      .select()
      .from(budgets)
      .where(eq(budgets.clientUserId, target.client.row.id));
    expect(stored).toHaveLength(1);
    const storedItems = await context.database.db.select().from(budgetItems).where(eq(budgetItems.budgetId, budgetId));
    expect(storedItems.map((item) => item.amountCents).sort((a, b) => a - b)).toEqual([
      20_000, 50_000, 120_000, 180_000, 700_000,
    ]);
  });

  it('answers 201 on create, 200 on edit and 204 on delete, exactly', async () => {
    const token = organization.client.token;
    const tree = await readTree(token);
    const created = await call(context, 'POST', '/api/budget-item/', {
      token,
      payload: { target_month: '2026-10', category: tree.category('Lazer'), amount: 30_000 },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;

    const edited = await call(context, 'PUT', `/api/budget-item/${id}/`, {
      token,
      payload: { amount: 45_050, description: tree.description('Streaming').id },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, amount: 45_050, description_name: 'Streaming', category_name: 'Lazer' });
    // A new category without a description plans the whole category.
    const moved = await call(context, 'PUT', `/api/budget-item/${id}/`, {
      token,
      payload: { category: tree.category('Educação') },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ category_name: 'Educação', description: null, amount: 45_050 });

    const deleted = await call(context, 'DELETE', `/api/budget-item/${id}/`, { token });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const [row] = await context.database.db.select().from(budgetItems).where(eq(budgetItems.id, id));
    expect(row).toBeUndefined();
    const again = await call(context, 'DELETE', `/api/budget-item/${id}/`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Não foi possível deletar' });
    const editGone = await call(context, 'PUT', `/api/budget-item/${id}/`, { token, payload: { amount: 1 } });
    expect(editGone.statusCode).toBe(404);
    expect(editGone.json()).toEqual({ detail: 'Não foi possível editar o valor' });
  });

  it('refuses a bad month, amount, category or description with its message', async () => {
    const token = organization.client.token;
    const tree = await readTree(token);
    const foreignTree = await readTree(otherOrganization.client.token);
    const post = (payload: Record<string, unknown>) => call(context, 'POST', '/api/budget-item/', { token, payload });

    const noMonth = await post({ category: tree.category('Lazer'), amount: 100 });
    expect(noMonth.statusCode).toBe(400);
    expect(noMonth.json()).toEqual({ detail: 'Mês alvo não encontrado' });
    for (const month of ['2026-13', 'novembro', '31/02/2026', '1999-12']) {
      const badMonth = await post({ target_month: month, category: tree.category('Lazer'), amount: 100 });
      expect(badMonth.statusCode).toBe(400);
      expect(badMonth.json()).toEqual({ detail: 'Mês alvo não encontrado' });
    }
    const badQueryMonth = await call(context, 'GET', '/api/budget/?target_month=2026-00', { token });
    expect(badQueryMonth.statusCode).toBe(400);
    expect(badQueryMonth.json()).toEqual({ detail: 'Mês alvo não encontrado' });

    const zero = await post({ target_month: '2026-11', category: tree.category('Lazer'), amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ amount: ['O valor deve ser maior que zero.'] });
    const reais = await post({ target_month: '2026-11', category: tree.category('Lazer'), amount: 10.5 });
    expect(reais.json()).toEqual({ amount: ['Valor inválido: envie centavos inteiros'] });
    const noCategory = await post({ target_month: '2026-11', amount: 100 });
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json()).toEqual({ category: ['Este campo é obrigatório'] });

    const foreignCategory = await post({
      target_month: '2026-11',
      category: foreignTree.category('Lazer'),
      amount: 100,
    });
    expect(foreignCategory.statusCode).toBe(400);
    expect(foreignCategory.json()).toEqual({ category: ['Categorias não encontradas'] });
    const wrongDescription = await post({
      target_month: '2026-11',
      category: tree.category('Lazer'),
      description: tree.description('Aluguel').id,
      amount: 100,
    });
    expect(wrongDescription.statusCode).toBe(400);
    expect(wrongDescription.json()).toEqual({ description: ['A descrição não pertence a esta categoria.'] });

    // One amount per category and description in a budget: the second is refused, the first kept.
    const first = await post({ target_month: '2026-09', category: tree.category('Saúde'), amount: 100 });
    expect(first.statusCode).toBe(201);
    const twice = await post({ target_month: '2026-09', category: tree.category('Saúde'), amount: 200 });
    expect(twice.statusCode).toBe(417);
    expect(twice.json()).toEqual({ detail: 'Não foi possível criar item' });
    const nothing = await call(context, 'PUT', `/api/budget-item/${first.json().id}/`, { token, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ non_field_errors: ['Informe ao menos um campo para alterar.'] });
  });
});

describe('whose budget', () => {
  it('keeps a client to their own budget, and a planner to their own clients', async () => {
    const tree = await readTree(organization.client.token);
    const item = await addItem(organization.client.token, {
      target_month: '2026-08',
      category: tree.category('Transporte'),
      amount: 40_000,
    });
    const budgetId = item.budget;
    const lone = organization.loneClient.token;

    expect((await call(context, 'GET', `/api/budget/${budgetId}`, { token: lone })).statusCode).toBe(404);
    expect((await call(context, 'GET', `/api/budget/${budgetId}/comparison`, { token: lone })).statusCode).toBe(404);
    const editOther = await call(context, 'PUT', `/api/budget-item/${item.id}/`, {
      token: lone,
      payload: { amount: 1 },
    });
    expect(editOther.statusCode).toBe(404);
    const deleteOther = await call(context, 'DELETE', `/api/budget-item/${item.id}/`, { token: lone });
    expect(deleteOther.statusCode).toBe(404);
    const addToOther = await call(context, 'POST', '/api/budget-item/', {
      token: lone,
      payload: { budget: budgetId, category: tree.category('Lazer'), amount: 100 },
    });
    expect(addToOther.statusCode).toBe(404);
    expect(addToOther.json()).toEqual({ detail: 'Orçamento não encontrado.' });
    // A client naming another client is still about their own data.
    const named = await call(
      context,
      'GET',
      `/api/budget/?target_month=2026-08&clientId=${organization.client.row.id}`,
      {
        token: lone,
      },
    );
    expect(named.json().client).toBe(organization.loneClient.row.id);
    expect(named.json().id).not.toBe(budgetId);

    const clientId = organization.client.row.id;
    const asPlanner = await call(context, 'GET', `/api/budget/${budgetId}?clientId=${clientId}`, {
      token: organization.planner.token,
    });
    expect(asPlanner.statusCode).toBe(200);
    expect(asPlanner.json().expense_items_by_category[0].total).toBe(40_000);
    const plannerAdds = await call(context, 'POST', `/api/budget-item/?clientId=${clientId}`, {
      token: organization.planner.token,
      payload: { budget: budgetId, category: tree.category('Lazer'), amount: 5_000 },
    });
    expect(plannerAdds.statusCode).toBe(201);
    const withoutClient = await call(context, 'GET', `/api/budget/${budgetId}`, { token: organization.planner.token });
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json()).toEqual({ detail: 'Informe o cliente (clientId).' });
    // The planner does not advise the lone client, and another organization's planner no one here.
    const notTheirs = await call(context, 'GET', `/api/budget/?clientId=${organization.loneClient.row.id}`, {
      token: organization.planner.token,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const otherPlanner = await call(context, 'GET', `/api/budget/${budgetId}?clientId=${clientId}`, {
      token: otherOrganization.planner.token,
    });
    expect(otherPlanner.statusCode).toBe(404);
    const otherManager = await call(context, 'PUT', `/api/budget-item/${item.id}/?clientId=${clientId}`, {
      token: otherOrganization.manager.token,
      payload: { amount: 1 },
    });
    expect(otherManager.statusCode).toBe(404);
    const manager = await call(context, 'GET', `/api/budget/${budgetId}/comparison?clientId=${clientId}`, {
      token: organization.manager.token,
    });
    expect(manager.statusCode).toBe(200);
    const [stored] = await context.database.db.select().from(budgetItems).where(eq(budgetItems.id, item.id));
    expect(stored?.amountCents).toBe(40_000);
  });
});

describe('the ideal budget', () => {
  it('is written by the client and their planner, read by a manager, and shown beside a month when asked', async () => {
    const clientId = organization.client.row.id;
    const planner = organization.planner.token;
    const client = organization.client.token;
    const manager = organization.manager.token;
    const tree = await readTree(client);

    const none = await call(context, 'GET', '/api/budget-ideal/', { token: client });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ id: null, is_ideal: true, expense_items_by_category: [], income_items: [] });

    // A manager sees every client of the organization but writes none of their plans.
    const byManager = await call(context, 'POST', `/api/budget-item/?budget_ideal=True&clientId=${clientId}`, {
      token: manager,
      payload: { category: tree.category('Moradia'), amount: 150_000 },
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toEqual({ detail: 'Sem permissão' });
    const idealItem = await addItem(
      client,
      { category: tree.category('Moradia'), amount: 150_000 },
      '?budget_ideal=True',
    );
    await addItem(
      planner,
      { budget_ideal: true, category: tree.category('Renda'), amount: 600_000 },
      `?clientId=${clientId}`,
    );
    const managerReads = await call(context, 'GET', `/api/budget-ideal/?clientId=${clientId}`, { token: manager });
    expect(managerReads.statusCode).toBe(200);
    expect(managerReads.json()).toMatchObject({ total_income: 600_000, total_expense: 150_000 });

    const ideal = (await call(context, 'GET', '/api/budget-ideal/', { token: client })).json();
    expect(ideal).toMatchObject({ id: idealItem.budget, is_ideal: true, target_month: null, total_income: 600_000 });
    expect(ideal.total_expense).toBe(150_000);

    // The ideal's items are edited through their own calls only, not by a manager.
    const clientEdits = await call(context, 'PUT', `/api/budget-ideal/ideal-item/${idealItem.id}`, {
      token: client,
      payload: { amount: 145_000 },
    });
    expect(clientEdits.statusCode).toBe(200);
    expect(clientEdits.json().amount).toBe(145_000);
    const managerEdits = await call(
      context,
      'PUT',
      `/api/budget-ideal/ideal-item/${idealItem.id}?clientId=${clientId}`,
      {
        token: manager,
        payload: { amount: 1 },
      },
    );
    expect(managerEdits.statusCode).toBe(403);
    const throughMonthCall = await call(context, 'PUT', `/api/budget-item/${idealItem.id}/`, {
      token: client,
      payload: { amount: 1 },
    });
    expect(throughMonthCall.statusCode).toBe(404);
    const managerDeletes = await call(
      context,
      'DELETE',
      `/api/budget-ideal/ideal-item/${idealItem.id}?clientId=${clientId}`,
      { token: manager },
    );
    expect(managerDeletes.statusCode).toBe(403);
    const plannerEdits = await call(
      context,
      'PUT',
      `/api/budget-ideal/ideal-item/${idealItem.id}?clientId=${clientId}`,
      {
        token: planner,
        payload: { amount: 140_000 },
      },
    );
    expect(plannerEdits.statusCode).toBe(200);
    expect(plannerEdits.json().amount).toBe(140_000);

    const month = await addItem(client, {
      target_month: '2026-07',
      category: tree.category('Moradia'),
      amount: 170_000,
    });
    const beside = (await call(context, 'GET', `/api/budget/${month.budget}?ideal=true`, { token: client })).json();
    expect(beside.total_expense).toBe(170_000);
    expect(beside.ideal).toMatchObject({ id: idealItem.budget, total_expense: 140_000, total_income: 600_000 });
    const alone = (await call(context, 'GET', `/api/budget/${month.budget}`, { token: client })).json();
    expect(alone).not.toHaveProperty('ideal');

    // The planner makes July's plan the ideal: the former ideal items are replaced by July's.
    const fromMonth = await call(context, 'POST', `/api/future-flow/budget-ideal/?clientId=${clientId}`, {
      token: planner,
      payload: { budget: month.budget },
    });
    expect(fromMonth.statusCode).toBe(201);
    expect(fromMonth.json()).toMatchObject({ id: idealItem.budget, total_expense: 170_000, total_income: 0 });
    const byManagerCopy = await call(context, 'POST', `/api/future-flow/budget-ideal/?clientId=${clientId}`, {
      token: manager,
      payload: {},
    });
    expect(byManagerCopy.statusCode).toBe(403);
    const byClientCopy = await call(context, 'POST', '/api/future-flow/budget-ideal/', { token: client, payload: {} });
    expect(byClientCopy.statusCode).toBe(201);

    const [copied] = fromMonth.json().expense_items_by_category[0].expense_items;
    const removed = await call(context, 'DELETE', `/api/budget-ideal/ideal-item/${copied.id}?clientId=${clientId}`, {
      token: planner,
    });
    expect(removed.statusCode).toBe(204);
    expect((await call(context, 'GET', '/api/budget-ideal/', { token: client })).json().total_expense).toBe(0);
    // July's own item is untouched.
    expect((await call(context, 'GET', `/api/budget/${month.budget}`, { token: client })).json().total_expense).toBe(
      170_000,
    );
  });
});

describe('planned against actual', () => {
  it('compares November per category and description with November’s cash flow, under its rules', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const tree = await readTree(token);
    const line = async (payload: Record<string, unknown>) => {
      const response = await call(context, 'POST', '/api/cash-flow/', { token, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    // November's budget, found through the clock: 23:30 of 30 November in Brasília.
    const budget = (await call(context, 'GET', '/api/budget/', { token })).json();
    expect(budget.target_month).toBe('2026-11-01');
    const plan = async (category: string, amount: number, description?: string) =>
      addItem(token, {
        budget: budget.id,
        category: tree.category(category),
        description: description ? tree.description(description).id : null,
        amount,
      });
    const rentItem = await plan('Moradia', 200_000, 'Aluguel');
    await plan('Moradia', 60_000, 'Condomínio');
    await plan('Alimentação', 150_000);
    await plan('Renda', 800_000, 'Salário');
    await plan('Investimentos', 100_000, 'Aplicação');

    await line({ name: 'Aluguel', amount: -200_000, date: '2026-11-05', description: tree.description('Aluguel').id });
    await line({
      name: 'Condomínio',
      amount: -65_000,
      date: '2026-11-10',
      description: tree.description('Condomínio').id,
    });
    await line({
      name: 'Mercado',
      amount: -70_000,
      date: '2026-11-12',
      description: tree.description('Supermercado').id,
    });
    await line({
      name: 'Mercado',
      amount: -25_000,
      date: '2026-11-30',
      description: tree.description('Supermercado').id,
    });
    await line({
      name: 'Estorno mercado',
      amount: 5_000,
      date: '2026-11-20',
      description: tree.description('Supermercado').id,
    });
    await line({ name: 'Salário', amount: 820_000, date: '2026-11-05', description: tree.description('Salário').id });
    await line({
      name: 'Aplicação',
      amount: -100_000,
      date: '2026-11-06',
      description: tree.description('Aplicação').id,
    });
    await line({
      name: 'Cinema',
      amount: -8_000,
      date: '2026-11-15',
      description: tree.description('Cinema e shows').id,
    });
    await line({ name: 'PIX sem categoria', amount: -3_000, date: '2026-11-16' });
    // Outside the month, ignored, or in an ignored account: none of these count.
    await line({
      name: 'Aluguel de outubro',
      amount: -200_000,
      date: '2026-10-31',
      description: tree.description('Aluguel').id,
    });
    await line({
      name: 'Aluguel de dezembro',
      amount: -200_000,
      date: '2026-12-01',
      description: tree.description('Aluguel').id,
    });
    const ignored = await line({
      name: 'Mercado duplicado',
      amount: -70_000,
      date: '2026-11-12',
      description: tree.description('Supermercado').id,
    });
    expect(
      (await call(context, 'PUT', `/api/cash-flow/${ignored.id}/`, { token, payload: { ignored: true } })).statusCode,
    ).toBe(200);
    const account = await call(context, 'POST', '/api/manual-account/', {
      token,
      payload: { nickname: 'Conta antiga' },
    });
    await line({
      name: 'Restaurante',
      amount: -40_000,
      date: '2026-11-18',
      origin: account.json().id,
      description: tree.description('Restaurante').id,
    });
    await call(context, 'PUT', `/api/ignore-origin/${account.json().id}/`, { token, payload: { ignored: true } });

    const response = await call(context, 'GET', `/api/budget/${budget.id}/comparison`, { token });
    expect(response.statusCode).toBe(200);
    const comparison = response.json();
    expect(comparison).toMatchObject({
      budget: budget.id,
      target_month: '2026-11-01',
      start: '2026-11-01',
      end: '2026-11-30',
    });
    const rows = (groups: { category: { name: string }; planned: number; actual: number; difference: number }[]) =>
      groups.map((group) => [group.category.name, group.planned, group.actual, group.difference]);
    expect(rows(comparison.expense)).toEqual([
      ['Moradia', 260_000, 265_000, -5_000],
      ['Alimentação', 150_000, 90_000, 60_000],
      ['Lazer', 0, 8_000, -8_000],
      ['Sem categoria', 0, 3_000, -3_000],
    ]);
    expect(
      comparison.expense[0].descriptions.map(
        (row: { description: { name: string }; planned: number; actual: number }) => [
          row.description.name,
          row.planned,
          row.actual,
        ],
      ),
    ).toEqual([
      ['Aluguel', 200_000, 200_000],
      ['Condomínio', 60_000, 65_000],
    ]);
    expect(rows(comparison.income)).toEqual([['Renda', 800_000, 820_000, -20_000]]);
    expect(comparison.asset_transfer).toEqual([]);
    expect(comparison.totals).toEqual({
      expense: { planned: 410_000, actual: 366_000, difference: 44_000 },
      income: { planned: 800_000, actual: 820_000, difference: -20_000 },
      asset_transfer: { planned: 100_000, actual: 100_000, difference: 0 },
      result: { planned: 390_000, actual: 454_000 },
    });
    const withAssets = (await call(context, 'GET', `/api/budget/${budget.id}/comparison?asset=true`, { token })).json();
    expect(rows(withAssets.asset_transfer)).toEqual([['Investimentos', 100_000, 100_000, 0]]);

    // The actual side is the cash flow's own: the month's summary has the same totals.
    const summary = (
      await call(context, 'GET', '/api/cash-flow/summary/?start=2026-11-01&end=2026-11-30', { token })
    ).json();
    expect(summary.total_income).toBe(comparison.totals.income.actual);
    expect(summary.total_expense).toBe(-comparison.totals.expense.actual);
    expect(summary.total_savings).toBe(comparison.totals.result.actual);
    // …and, for a whole month with a budget, the planned amount of each description.
    const planned = (group: string, category: string) =>
      Object.fromEntries(
        summary[group]
          .find((entry: { categoryName: string }) => entry.categoryName === category)
          .descriptions.map((row: { descriptionName: string; descriptionAmountPlanned: number | null }) => [
            row.descriptionName,
            row.descriptionAmountPlanned,
          ]),
      );
    expect(planned('expense', 'Moradia')).toEqual({ Aluguel: 200_000, Condomínio: 60_000 });
    expect(planned('expense', 'Alimentação')).toEqual({ Supermercado: 0 });
    expect(planned('income', 'Renda')).toEqual({ Salário: 800_000 });
    // A change to the plan shows in the next summary (planned amounts are reused only until then).
    const rentChange = await call(context, 'PUT', `/api/budget-item/${rentItem.id}/`, {
      token,
      payload: { amount: 210_000 },
    });
    expect(rentChange.statusCode).toBe(200);
    const summaryAfterChange = (
      await call(context, 'GET', '/api/cash-flow/summary/?start=2026-11-01&end=2026-11-30', { token })
    ).json();
    const rentAfterChange = summaryAfterChange.expense
      .find((entry: { categoryName: string }) => entry.categoryName === 'Moradia')
      .descriptions.find((row: { descriptionName: string }) => row.descriptionName === 'Aluguel');
    expect(rentAfterChange.descriptionAmountPlanned).toBe(210_000);
    await call(context, 'PUT', `/api/budget-item/${rentItem.id}/`, { token, payload: { amount: 200_000 } });
    const halfMonth = (
      await call(context, 'GET', '/api/cash-flow/summary/?start=2026-11-01&end=2026-11-15', { token })
    ).json();
    expect(halfMonth.income[0].descriptions[0].descriptionAmountPlanned).toBeNull();

    // December (the month in UTC) plans nothing of its own: it follows November's plan, as the future flow says.
    const december = (await call(context, 'GET', '/api/budget/?target_month=2026-12', { token })).json();
    const decemberComparison = (await call(context, 'GET', `/api/budget/${december.id}/comparison`, { token })).json();
    expect(decemberComparison).toMatchObject({
      carried: true,
      planned_from: { budget: budget.id, month: '2026-11-01', date: '11/2026' },
    });
    expect(comparison).toMatchObject({ carried: false, planned_from: { budget: budget.id } });
    expect(rows(decemberComparison.expense)).toEqual([
      ['Moradia', 260_000, 200_000, 60_000],
      ['Alimentação', 150_000, 0, 150_000],
    ]);
  });

  it('has no comparison for the ideal budget, which has no month', async () => {
    const clientId = organization.client.row.id;
    const tree = await readTree(organization.client.token);
    const item = await addItem(
      organization.planner.token,
      { category: tree.category('Educação'), amount: 10_000 },
      `?budget_ideal=True&clientId=${clientId}`,
    );
    const response = await call(context, 'GET', `/api/budget/${item.budget}/comparison`, {
      token: organization.client.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Mês alvo não encontrado' });
  });
});

describe('the budget calls in the OpenAPI document', () => {
  it('list the codes each call really answers', async () => {
    const document = context.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const codesOf = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    // A new item is 201, a full budget 417; a manager may not write it (403); a client out of reach is 404.
    expect(codesOf('/api/budget-item/', 'post')).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '417']),
    );
    expect(codesOf('/api/budget-item/{id}/', 'delete')).toEqual(expect.arrayContaining(['204', '403', '404']));
    expect(codesOf('/api/budget-item/{id}/', 'delete')).not.toContain('200');
    // The future flow's toggle closes the ideal copy (403); two racing copies collide (409).
    expect(codesOf('/api/future-flow/budget-ideal/', 'post')).toEqual(expect.arrayContaining(['201', '403', '409']));
    // Reading a budget is open to every role within reach: no 403 to describe.
    expect(codesOf('/api/budget/', 'get')).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    expect(codesOf('/api/budget/', 'get')).not.toContain('403');
  });
});
