import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks, transactions } from '../src/db/schema';
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
let descriptionIds: Record<string, { id: number; category: number }>;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
  const all = (await call(context, 'GET', '/api/description/', { token: organization.client.token })).json();
  descriptionIds = Object.fromEntries(
    all.map((description: { name: string; id: number; category: number }) => [
      description.name,
      { id: description.id, category: description.category },
    ]),
  );
});

async function addLine(token: string, line: Record<string, unknown>, query = '') {
  const response = await call(context, 'POST', `/api/cash-flow/${query}`, { token, payload: line });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('cash flow of typed lines', () => {
  it('creates, lists with pagination, filters and summarizes in integer cents', async () => {
    const token = organization.client.token;
    const salary = descriptionIds.Salário!;
    const market = descriptionIds.Supermercado!;
    await addLine(token, {
      name: 'Salário',
      amount: 850_000,
      date: '2026-10-05',
      category: salary.category,
      description: salary.id,
    });
    await addLine(token, { name: 'Mercado do bairro', amount: -32_150, date: '2026-10-07', description: market.id });
    await addLine(token, {
      name: 'Mercado do bairro',
      amount: -12_099,
      date: '2026-10-20',
      category: { value: market.category },
      description: { value: market.id },
    });
    await addLine(token, { name: 'Presente', amount: -10_000, date: '2026-10-21' });
    await addLine(token, { name: 'Fora do período', amount: -999, date: '2026-11-02' });

    const page = await call(context, 'GET', '/api/cash-flow/?start=2026-10-01&end=2026-10-31&limit=2', { token });
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.count).toBe(4);
    expect(body.results).toHaveLength(2);
    expect(body.next).toContain('offset=2');
    expect(body.results[0]).toMatchObject({
      name: 'Presente',
      amount: -10_000,
      flow_type: 'expense',
      is_expense: true,
      category: null,
      cash_date: '2026-10-21',
    });

    const filtered = await call(
      context,
      'GET',
      `/api/cash-flow/?start=01/10/2026&end=31/10/2026&category=${market.category}`,
      { token },
    );
    expect(filtered.json().results.map((line: { amount: number }) => line.amount)).toEqual([-12_099, -32_150]);

    const summary = (
      await call(context, 'GET', '/api/cash-flow/summary/?start=2026-10-01&end=2026-10-31', { token })
    ).json();
    expect(summary.total_income).toBe(850_000);
    expect(summary.total_expense).toBe(-54_249);
    expect(summary.total_savings).toBe(795_751);
    const food = summary.expense.find((group: { categoryId: number }) => group.categoryId === market.category);
    expect(food).toMatchObject({ categoryName: 'Alimentação', categoryTotal: -44_249 });
    expect(food.descriptions).toEqual([
      {
        descriptionId: market.id,
        descriptionName: 'Supermercado',
        descriptionTotal: -44_249,
        descriptionAmountActual: -44_249,
        descriptionAmountPlanned: null,
      },
    ]);
    expect(summary.expense.find((group: { categoryId: number | null }) => group.categoryId === null)).toMatchObject({
      categoryName: 'Sem categoria',
      categoryTotal: -10_000,
    });
  });

  it('needs start and end, valid dates and a sane period', async () => {
    const token = organization.client.token;
    const missing = await call(context, 'GET', '/api/cash-flow/', { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ start: ['Este campo é obrigatório'], end: ['Este campo é obrigatório'] });
    const invalid = await call(context, 'GET', '/api/cash-flow/?start=2026-02-30&end=2026-03-01', { token });
    expect(invalid.json()).toEqual({ start: ['Data inválida'] });
    const reversed = await call(context, 'GET', '/api/cash-flow/?start=2026-03-01&end=2026-02-01', { token });
    expect(reversed.json()).toEqual({ end: ['A data final deve ser igual ou posterior à inicial.'] });
  });

  it('refuses amounts that are not integer cents', async () => {
    const response = await call(context, 'POST', '/api/cash-flow/', {
      token: organization.client.token,
      payload: { name: 'x', amount: 10.5, date: '2026-10-01' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ amount: ['Valor inválido: envie centavos inteiros'] });
  });
});

describe('categorizing', () => {
  it('categorizes one line, and the similar lines of the same merchant when asked', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const all = (await call(context, 'GET', '/api/description/', { token })).json();
    const bakery = all.find((description: { name: string }) => description.name === 'Padaria');
    const first = await addLine(token, { name: 'PADARIA REAL 12/03', amount: -1_250, date: '2026-10-01' });
    const second = await addLine(token, { name: 'PADARIA REAL 19/03', amount: -980, date: '2026-10-08' });
    const refund = await addLine(token, { name: 'PADARIA REAL', amount: 500, date: '2026-10-09' });

    const response = await call(context, 'PUT', `/api/cash-flow/${first.id}/`, {
      token,
      payload: {
        id: first.id,
        category: bakery.category,
        description: bakery.id,
        is_fixed: false,
        apply_to_similar: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      category: bakery.category,
      description: bakery.id,
      description_name: 'Padaria',
      categorized_by: 'person',
    });
    const [secondStored] = await context.database.db.select().from(transactions).where(eq(transactions.id, second.id));
    expect(secondStored?.descriptionId).toBe(bakery.id);
    const [refundStored] = await context.database.db.select().from(transactions).where(eq(transactions.id, refund.id));
    expect(refundStored?.descriptionId).toBeNull();
  });

  it("refuses a description of another category or of another organization's tree", async () => {
    const token = organization.client.token;
    const line = await addLine(token, { name: 'Algo', amount: -100, date: '2026-10-01' });
    const salary = descriptionIds.Salário!;
    const market = descriptionIds.Supermercado!;
    const mismatch = await call(context, 'PUT', `/api/cash-flow/${line.id}/`, {
      token,
      payload: { category: salary.category, description: market.id },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ category: ['Categoria ou descrição inválida.'] });
    const foreignDescriptions = (
      await call(context, 'GET', '/api/description/', { token: otherOrganization.client.token })
    ).json();
    const foreign = await call(context, 'PUT', `/api/cash-flow/${line.id}/`, {
      token,
      payload: { description: foreignDescriptions[0].id },
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('closes the categorizing task when nothing is left to categorize', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const line = await addLine(token, { name: 'Coisa', amount: -100, date: '2026-10-01' });
    await context.database.db.insert(tasks).values({
      organizationId: target.id,
      clientUserId: target.client.row.id,
      type: 'categorizing',
      title: 'Categorizar',
    });
    const description = (await call(context, 'GET', '/api/description/', { token })).json()[0];
    await call(context, 'PUT', `/api/cash-flow/${line.id}/`, { token, payload: { description: description.id } });
    const [task] = await context.database.db.select().from(tasks).where(eq(tasks.clientUserId, target.client.row.id));
    expect(task?.status).toBe('done');
  });

  it('renames, ignores, deletes in bulk', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const lines = [
      await addLine(token, { name: 'A', amount: -100, date: '2026-10-01' }),
      await addLine(token, { name: 'B', amount: -200, date: '2026-10-02' }),
      await addLine(token, { name: 'C', amount: -300, date: '2026-10-03' }),
    ];
    const renamed = await call(context, 'PUT', `/api/transactions/name/${lines[0].id}/`, {
      token,
      payload: { name: 'Aluguel de outubro' },
    });
    expect(renamed.json().name).toBe('Aluguel de outubro');
    const ignored = await call(context, 'PUT', '/api/cash-flows/', {
      token,
      payload: { ids: [lines[1].id], ignored: true },
    });
    expect(ignored.json()).toEqual({ updated: 1 });
    const visible = (await call(context, 'GET', '/api/cash-flow/?start=2026-10-01&end=2026-10-31', { token })).json();
    expect(visible.count).toBe(2);
    const deleted = await call(context, 'DELETE', '/api/cash-flows/', {
      token,
      payload: { ids: [lines[0].id, lines[2].id] },
    });
    expect(deleted.json()).toMatchObject({ deleted: 2, detail: 'Transação deletada' });
    expect(
      (await call(context, 'GET', '/api/cash-flow/?start=2026-10-01&end=2026-10-31', { token })).json().count,
    ).toBe(0);
  });

  it('deletes in bulk with the ids in the query, as docs/cash-flow-api.md offers', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const lines = [
      await addLine(token, { name: 'A', amount: -100, date: '2026-10-01' }),
      await addLine(token, { name: 'B', amount: -200, date: '2026-10-02' }),
      await addLine(token, { name: 'C', amount: -300, date: '2026-10-03' }),
    ];
    const commaSeparated = await call(context, 'DELETE', `/api/cash-flows/?ids=${lines[0].id},${lines[1].id}`, {
      token,
    });
    expect(commaSeparated.statusCode, commaSeparated.body).toBe(200);
    expect(commaSeparated.json()).toEqual({ deleted: 2, detail: 'Transação deletada' });
    const repeated = await call(context, 'DELETE', `/api/cash-flows/?ids=${lines[2].id}&ids=${lines[2].id + 1000000}`, {
      token,
    });
    expect(repeated.statusCode).toBe(404);
    expect(repeated.json()).toEqual({ detail: 'Não encontramos o cashflow baseado no ID passado' });
    expect(
      (await call(context, 'GET', '/api/cash-flow/?start=2026-10-01&end=2026-10-31', { token })).json().count,
    ).toBe(1);
    const invalid = await call(context, 'DELETE', '/api/cash-flows/?ids=1,abc', { token });
    expect(invalid.statusCode, invalid.body).toBe(400);
    expect(invalid.json()).toEqual({ 'ids.1': ['Valor inválido'] });
    for (const query of ['', '?ids=', '?ids=,']) {
      const none = await call(context, 'DELETE', `/api/cash-flows/${query}`, { token });
      expect(none.statusCode, `${query}: ${none.body}`).toBe(400);
      expect(none.json(), query).toEqual({ ids: ['Informe ao menos uma transação.'] });
    }
  });

  it('counts an id given twice once in the bulk calls', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const line = await addLine(token, { name: 'A', amount: -100, date: '2026-10-01' });
    const ignored = await call(context, 'PUT', '/api/cash-flows/', {
      token,
      payload: { ids: [line.id, line.id], ignored: true },
    });
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json()).toEqual({ updated: 1 });
    const missing = await call(context, 'PUT', '/api/cash-flows/', {
      token,
      payload: { ids: [line.id, line.id, line.id + 1000000], ignored: false },
    });
    expect(missing.statusCode).toBe(404);
    const deleted = await call(context, 'DELETE', '/api/cash-flows/', { token, payload: { ids: [line.id, line.id] } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ deleted: 1, detail: 'Transação deletada' });
  });
});

describe('tenancy of the cash flow', () => {
  it("keeps a client out of another client's lines (404) and a planner inside their book", async () => {
    const line = await addLine(organization.client.token, { name: 'Privado', amount: -100, date: '2026-09-01' });
    const asOtherClient = await call(context, 'PUT', `/api/cash-flow/${line.id}/`, {
      token: organization.loneClient.token,
      payload: { ignored: true },
    });
    expect(asOtherClient.statusCode).toBe(404);
    expect(asOtherClient.json()).toEqual({ detail: 'Não encontramos o cashflow baseado no ID passado' });
    const deleteForeign = await call(context, 'DELETE', `/api/cash-flow/${line.id}/`, {
      token: otherOrganization.client.token,
    });
    expect(deleteForeign.statusCode).toBe(404);
    // A client's clientId is ignored: they only ever see their own lines.
    const sneaky = await call(
      context,
      'GET',
      `/api/cash-flow/?start=2026-09-01&end=2026-09-30&clientId=${organization.client.row.id}`,
      {
        token: organization.loneClient.token,
      },
    );
    expect(sneaky.json().count).toBe(0);

    const asPlanner = await call(
      context,
      'GET',
      `/api/cash-flow/?start=2026-09-01&end=2026-09-30&clientId=${organization.client.row.id}`,
      {
        token: organization.planner.token,
      },
    );
    expect(asPlanner.json().count).toBe(1);
    const notTheirs = await call(
      context,
      'GET',
      `/api/cash-flow/?start=2026-09-01&end=2026-09-30&clientId=${organization.loneClient.row.id}`,
      {
        token: organization.planner.token,
      },
    );
    expect(notTheirs.statusCode).toBe(404);
    const noClient = await call(context, 'GET', '/api/cash-flow/?start=2026-09-01&end=2026-09-30', {
      token: organization.planner.token,
    });
    expect(noClient.statusCode).toBe(400);
    const otherManager = await call(
      context,
      'GET',
      `/api/cash-flow/?start=2026-09-01&end=2026-09-30&clientId=${organization.client.row.id}`,
      {
        token: otherOrganization.manager.token,
      },
    );
    expect(otherManager.statusCode).toBe(404);
    const [stored] = await context.database.db.select().from(transactions).where(eq(transactions.id, line.id));
    expect(stored?.ignored).toBe(false);
  });
});
