import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../src/db/schema';
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

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

const october = 'start=2026-10-01&end=2026-10-31';

describe("a manager in a client's view", () => {
  it("reads any client of the organization, writes none of their data, and reads no other organization's", async () => {
    const clientId = organization.client.row.id;
    const planner = organization.planner.token;
    const manager = organization.manager.token;

    // The planner still writes their client's data.
    const typed = await call(context, 'POST', `/api/cash-flow/?clientId=${clientId}`, {
      token: planner,
      payload: { name: 'Aluguel', amount: -180_000, date: '2026-10-05' },
    });
    expect(typed.statusCode).toBe(201);
    const line = typed.json();

    // Another planner's client: the manager reads the cash flow, its summary and the budget.
    const lines = await call(context, 'GET', `/api/cash-flow/?${october}&clientId=${clientId}`, { token: manager });
    expect(lines.statusCode).toBe(200);
    expect(lines.json().results.map((row: { name: string }) => row.name)).toEqual(['Aluguel']);
    for (const path of [
      `/api/cash-flow/summary/?${october}&clientId=${clientId}`,
      `/api/budget/?target_month=2026-10&clientId=${clientId}`,
      `/api/file/?clientId=${clientId}`,
      `/api/origin/?clientId=${clientId}`,
      `/api/future-flow/?clientId=${clientId}`,
    ]) {
      expect((await call(context, 'GET', path, { token: manager })).statusCode, path).toBe(200);
    }

    const planning = await call(context, 'POST', '/api/tasks/budget-planning/', {
      token: planner,
      payload: { client: clientId, start: '2026-11-01' },
    });
    expect(planning.statusCode).toBe(201);

    // Every write on the client's data is refused, and changes nothing.
    const writes: ['POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', `/api/cash-flow/?clientId=${clientId}`, { name: 'Mercado', amount: -1_000, date: '2026-10-06' }],
      ['PUT', `/api/cash-flow/${line.id}/?clientId=${clientId}`, { ignored: true }],
      ['DELETE', `/api/cash-flow/${line.id}/?clientId=${clientId}`, undefined],
      ['PUT', `/api/cash-flows/?clientId=${clientId}`, { ids: [line.id], ignored: true }],
      ['POST', `/api/budget-item/?clientId=${clientId}`, { target_month: '2026-10', category: 1, amount: 100 }],
      ['POST', `/api/future-flow/create/?clientId=${clientId}`, { date: '2026-12' }],
      ['POST', `/api/manual-account/?clientId=${clientId}`, { nickname: 'Carteira' }],
      ['POST', `/api/upload/?clientId=${clientId}`, undefined],
      ['DELETE', `/api/file/1/?clientId=${clientId}`, undefined],
      ['PUT', `/api/tasks/budget-planning/${planning.json().id}/finish/?clientId=${clientId}`, undefined],
    ];
    for (const [method, path, payload] of writes) {
      const refused = await call(context, method, path, { token: manager, payload });
      expect(refused.statusCode, `${method} ${path}`).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Sem permissão' });
    }
    const [stored] = await context.database.db.select().from(transactions).where(eq(transactions.id, line.id));
    expect(stored?.ignored).toBe(false);
    const after = await call(context, 'GET', `/api/cash-flow/?${october}&clientId=${clientId}`, { token: manager });
    expect(after.json().count).toBe(1);

    // Another organization's manager finds no such client, reading or writing.
    const outsider = otherOrganization.manager.token;
    const otherRead = await call(context, 'GET', `/api/cash-flow/?${october}&clientId=${clientId}`, {
      token: outsider,
    });
    expect(otherRead.statusCode).toBe(404);
    expect(otherRead.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const otherWrite = await call(context, 'POST', `/api/cash-flow/?clientId=${clientId}`, {
      token: outsider,
      payload: { name: 'Mercado', amount: -1_000, date: '2026-10-06' },
    });
    expect(otherWrite.statusCode).toBe(404);
  });

  it('still asks a client for something (a task): directing work is not changing their money', async () => {
    const created = await call(context, 'POST', '/api/tasks/import/', {
      token: organization.manager.token,
      payload: { client: organization.loneClient.row.id },
    });
    expect(created.statusCode).toBe(201);
  });
});
