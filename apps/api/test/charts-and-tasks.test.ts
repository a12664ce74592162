import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

async function addLine(token: string, line: Record<string, unknown>) {
  const response = await call(context, 'POST', '/api/cash-flow/', { token, payload: line });
  expect(response.statusCode).toBe(201);
}

describe('chart-data/', () => {
  it('charts expenses by category and description, largest first, and the types and daily series', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const all = (await call(context, 'GET', '/api/description/', { token })).json();
    const find = (name: string) => all.find((description: { name: string }) => description.name === name);
    await addLine(token, { name: 'Salário', amount: 500_000, date: '2026-10-05', description: find('Salário').id });
    await addLine(token, {
      name: 'Mercado',
      amount: -30_000,
      date: '2026-10-06',
      description: find('Supermercado').id,
    });
    await addLine(token, { name: 'Aluguel', amount: -150_000, date: '2026-10-06', description: find('Aluguel').id });
    await addLine(token, { name: 'Padaria', amount: -2_000, date: '2026-10-07', description: find('Padaria').id });
    await addLine(token, {
      name: 'Aplicação',
      amount: -100_000,
      date: '2026-10-07',
      description: find('Aplicação').id,
    });
    const query = '?start=2026-10-01&end=2026-10-31';

    const byCategory = (await call(context, 'GET', `/api/chart-data/category/${query}`, { token })).json();
    expect(byCategory.map((item: { name: string; amount: number }) => [item.name, item.amount])).toEqual([
      ['Moradia', -150_000],
      ['Alimentação', -32_000],
    ]);
    const byDescription = (await call(context, 'GET', `/api/chart-data/description/${query}`, { token })).json();
    expect(byDescription.map((item: { name: string }) => item.name)).toEqual(['Aluguel', 'Supermercado', 'Padaria']);
    const types = (await call(context, 'GET', `/api/chart-data/types/${query}`, { token })).json();
    expect(types).toEqual([
      { id: null, name: 'Entradas', amount: 500_000 },
      { id: null, name: 'Saídas', amount: -182_000 },
    ]);
    const days = (await call(context, 'GET', `/api/chart-data/cash-flow/${query}`, { token })).json();
    expect(days).toEqual([
      { date: '2026-10-05', income: 500_000, expense: 0 },
      { date: '2026-10-06', income: 0, expense: -180_000 },
      { date: '2026-10-07', income: 0, expense: -2_000 },
    ]);
    const running = (await call(context, 'GET', `/api/chart-data/cash-flow-value/${query}`, { token })).json();
    expect(running.map((day: { amount: number }) => day.amount)).toEqual([500_000, 320_000, 318_000]);

    // An ignored account stays out of the daily series as it does out of the cash flow.
    const oldAccount = (
      await call(context, 'POST', '/api/manual-account/', { token, payload: { nickname: 'Conta antiga' } })
    ).json();
    await addLine(token, { name: 'Saque', amount: -50_000, date: '2026-10-05', origin: oldAccount.id });
    await call(context, 'PUT', `/api/ignore-origin/${oldAccount.id}/`, { token, payload: { ignored: true } });
    expect((await call(context, 'GET', `/api/chart-data/cash-flow/${query}`, { token })).json()).toEqual(days);
  });

  it('answers 404 for an unknown chart', async () => {
    const response = await call(context, 'GET', '/api/chart-data/pizza/?start=2026-10-01&end=2026-10-31', {
      token: organization.client.token,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No such chart name found.' });
  });
});

describe('tasks/categorizing/{id}/ and tasks/import/{id}/', () => {
  it('shows the categorizing task with what is left to categorize, to its client and their planner only', async () => {
    const ofx = readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../shared/fixtures/statements/kamino-company__OfxSharp/santander.ofx',
      ),
    );
    const body = buildMultipart([{ name: 'files', fileName: 'santander.ofx', content: ofx }]);
    await call(context, 'POST', '/api/upload/', { token: organization.client.token, ...body });
    const [task] = await context.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.clientUserId, organization.client.row.id), eq(tasks.type, 'categorizing')));
    expect(task).toBeDefined();
    const response = await call(context, 'GET', `/api/tasks/categorizing/${task?.id}/`, {
      token: organization.client.token,
    });
    expect(response.statusCode).toBe(200);
    const body2 = response.json();
    expect(body2).toMatchObject({
      id: task?.id,
      type: 'categorizing',
      status: 'pending',
      client: organization.client.row.id,
    });
    expect(body2.uncategorized).toBe(body2.transactions.length);
    expect(body2.transactions.every((line: { category: number | null }) => line.category === null)).toBe(true);

    const asPlanner = await call(
      context,
      'GET',
      `/api/tasks/categorizing/${task?.id}/?clientId=${organization.client.row.id}`,
      {
        token: organization.planner.token,
      },
    );
    expect(asPlanner.statusCode).toBe(200);
    const asOtherClient = await call(context, 'GET', `/api/tasks/categorizing/${task?.id}/`, {
      token: organization.loneClient.token,
    });
    expect(asOtherClient.statusCode).toBe(404);
    expect(asOtherClient.json()).toEqual({ detail: 'Tarefas não encontradas' });
    const wrongType = await call(context, 'GET', `/api/tasks/import/${task?.id}/`, {
      token: organization.client.token,
    });
    expect(wrongType.statusCode).toBe(404);
  });
});
