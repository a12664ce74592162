import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insights } from '../src/db/schema';
import type { AppDependencies } from '../src/dependencies';
import { generateInsights, insightsGenerationJob } from '../src/modules/insights/index';
import { buildMultipart } from './helpers/multipart';
import { buildOfx } from './helpers/ofx';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

/** The clock is frozen on 20 May 2026, 10:00 in Brasília; users are made after, so their sessions are valid. */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T13:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

async function typeLine(token: string, name: string, amount: number, date: string) {
  const response = await call(context, 'POST', '/api/transactions/create/', { token, payload: { name, amount, date } });
  expect(response.statusCode).toBe(201);
}

/** The rules over these clients only (other test files' clients share the database). */
async function runRules(...clients: TestUser[]) {
  const deps = { db: context.database.db, config: context.config } as AppDependencies;
  return generateInsights(deps, new Date(), {
    only: clients.map((client) => client.row.id),
  });
}

async function listInsights(token: string, query = '') {
  return call(context, 'GET', `/api/ia/insights/${query}`, { token });
}

async function storedInsights(clientUserId: number) {
  return context.database.db.select().from(insights).where(eq(insights.clientUserId, clientUserId));
}

describe('insights (ia/insights/)', () => {
  let raised: { id: number; rule: string; title: string }[] = [];

  beforeAll(async () => {
    // R$ 2.500,00 of rent and nothing in: this month spends more than it earns, and the
    // projected balance goes below zero in May.
    await typeLine(organization.client.token, 'Aluguel', -250_000, '2026-05-05');
    const first = await runRules(organization.client);
    raised = first.added.map((row) => ({ id: row.id, rule: row.rule, title: row.title }));
  });

  it('raises the projected low point and the month result, with their evidence, once per window', async () => {
    expect(raised.map((row) => row.rule).sort()).toEqual(['projected-low-point', 'spending-above-income']);
    const rows = await storedInsights(organization.client.row.id);
    const lowPoint = rows.find((row) => row.rule === 'projected-low-point');
    expect(lowPoint).toMatchObject({
      windowKey: '2026-05-01',
      title: 'Saldo negativo previsto em maio de 2026',
      link: { route: 'fluxo-futuro', month: '2026-05-01' },
      evidence: expect.objectContaining({ projectedBalanceCents: -250_000, shortCents: 250_000 }),
    });
    expect(lowPoint?.body).toContain('-R$ 2.500,00');
    // A second run finds the same windows: nothing new, nothing stored twice.
    expect((await runRules(organization.client)).added).toEqual([]);
    expect(await storedInsights(organization.client.row.id)).toHaveLength(2);
  });

  it('tells the client and their planner of each new insight once, in the bell of each', async () => {
    const lowPoint = raised.find((row) => row.rule === 'projected-low-point');
    const own = (await call(context, 'GET', '/api/notification/', { token: organization.client.token })).json();
    const toClient = own.results.filter((row: { data: { insight_id: number | null } }) => row.data.insight_id !== null);
    expect(toClient).toHaveLength(2);
    expect(
      toClient.find((row: { data: { insight_id: number } }) => row.data.insight_id === lowPoint?.id),
    ).toMatchObject({
      title: 'Saldo negativo previsto em maio de 2026',
      read: false,
    });
    const aboutClients = (
      await call(context, 'GET', '/api/notifications/', { token: organization.planner.token })
    ).json();
    const toPlanner = aboutClients.results.filter(
      (row: { data: { insight_id: number | null } }) => row.data.insight_id === lowPoint?.id,
    );
    expect(toPlanner).toHaveLength(1);
    expect(toPlanner[0].data.client_name).toBe('cliente Teste');
  });

  it('lists the client their own insights, newest first, and marks one read', async () => {
    const response = await listInsights(organization.client.token);
    expect(response.statusCode).toBe(200);
    const listed = response.json();
    expect(listed).toHaveLength(2);
    const lowPoint = listed.find((row: { rule: string }) => row.rule === 'projected-low-point');
    expect(lowPoint).toMatchObject({ read: false, client: organization.client.row.id, client_name: 'cliente Teste' });
    const marked = await call(context, 'PATCH', `/api/ia/insights/${lowPoint.id}/mark_read/`, {
      token: organization.client.token,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: lowPoint.id, read: true });
    const unread = (await listInsights(organization.client.token, '?unread=true')).json();
    expect(unread.map((row: { id: number }) => row.id)).not.toContain(lowPoint.id);
  });

  it("shows a planner their clients' unread insights, each side keeping its own read mark", async () => {
    // The client read the low point: the planner has read neither.
    const all = await listInsights(organization.planner.token, '?unread=true');
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .map((row: { rule: string }) => row.rule)
        .sort(),
    ).toEqual(['projected-low-point', 'spending-above-income']);
    const one = await listInsights(organization.planner.token, `?clientId=${organization.client.row.id}`);
    expect(one.json()).toHaveLength(2);
    const monthResult = all.json().find((row: { rule: string }) => row.rule === 'spending-above-income');
    const marked = await call(context, 'PATCH', `/api/ia/insights/${monthResult.id}/mark_read/`, {
      token: organization.planner.token,
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ id: monthResult.id, read: true });
    const [stored] = await context.database.db.select().from(insights).where(eq(insights.id, monthResult.id));
    expect(stored?.advisorReadAt).not.toBeNull();
    expect(stored?.readAt).toBeNull();
    // The planner's reading leaves it new for the client.
    const clientUnread = (await listInsights(organization.client.token, '?unread=true')).json();
    expect(clientUnread.map((row: { id: number }) => row.id)).toEqual([monthResult.id]);
    const plannerUnread = (await listInsights(organization.planner.token, '?unread=true')).json();
    expect(plannerUnread.map((row: { rule: string }) => row.rule)).toEqual(['projected-low-point']);
  });

  it("answers 404 for another client's insight, another organization's, and a client out of reach", async () => {
    const [own] = await storedInsights(organization.client.row.id);
    const id = own?.id as number;
    const otherClient = await addOtherPlannersClient(context, organization);
    for (const token of [organization.loneClient.token, otherClient.token, otherOrganization.planner.token]) {
      const response = await call(context, 'PATCH', `/api/ia/insights/${id}/mark_read/`, { token });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Insight não encontrado.');
    }
    // The other organization's manager names the client: out of reach.
    const named = await listInsights(otherOrganization.manager.token, `?clientId=${organization.client.row.id}`);
    expect(named.statusCode).toBe(404);
    expect(named.json().detail).toBe('Não encontramos o usuário informado!');
    // Another planner of the same organization does not advise this client.
    const plannerOfOther = await listInsights(otherOrganization.planner.token);
    expect(plannerOfOther.json()).toEqual([]);
  });

  it("never lets a client read someone else's insights by naming them", async () => {
    const response = await listInsights(organization.loneClient.token, `?clientId=${organization.client.row.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('refuses bad input with a pt-BR message', async () => {
    const badId = await call(context, 'PATCH', '/api/ia/insights/abc/mark_read/', { token: organization.client.token });
    expect(badId.statusCode).toBe(400);
    const badClient = await listInsights(organization.planner.token, '?clientId=abc');
    expect(badClient.statusCode).toBe(400);
    const badThreshold = await call(context, 'PUT', '/api/ia/insights/settings/', {
      token: organization.client.token,
      payload: { low_balance_threshold: -5 },
    });
    expect(badThreshold.statusCode).toBe(400);
    expect(JSON.stringify(badThreshold.json())).toContain(
      'Informe o saldo mínimo em centavos inteiros, de zero para cima.',
    );
  });

  it("closes the planner's insight views while the organization has the insight toggle off", async () => {
    const off = await createTestOrganization(context, { toggles: ['future_flow'] });
    await typeLine(off.client.token, 'Aluguel', -250_000, '2026-05-05');
    await runRules(off.client);
    const planner = await listInsights(off.planner.token);
    expect(planner.statusCode).toBe(403);
    const mark = await call(context, 'PATCH', '/api/ia/insights/1/mark_read/', { token: off.planner.token });
    expect(mark.statusCode).toBe(403);
    const settings = await call(context, 'PUT', `/api/ia/insights/settings/?clientId=${off.client.row.id}`, {
      token: off.planner.token,
      payload: { low_balance_threshold: 100 },
    });
    expect(settings.statusCode).toBe(403);
    // The client's own insights do not depend on it.
    const client = await listInsights(off.client.token);
    expect(client.statusCode).toBe(200);
    expect(client.json().length).toBeGreaterThan(0);
  });
});

describe('the low-balance threshold (ia/insights/settings/)', () => {
  it('is kept per client and moves the low point to the first month below it', async () => {
    const target = await createTestOrganization(context);
    await typeLine(target.client.token, 'Salário', 500_000, '2026-05-05');
    await typeLine(target.client.token, 'Mercado', -100_000, '2026-05-06');
    expect((await runRules(target.client)).added).toEqual([]);
    const saved = await call(context, 'PUT', '/api/ia/insights/settings/', {
      token: target.client.token,
      payload: { low_balance_threshold: 500_000 },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ low_balance_threshold: 500_000 });
    const read = await call(context, 'GET', `/api/ia/insights/settings/?clientId=${target.client.row.id}`, {
      token: target.planner.token,
    });
    expect(read.json()).toEqual({ low_balance_threshold: 500_000 });
    const added = (await runRules(target.client)).added;
    expect(added.map((row) => row.rule)).toEqual(['projected-low-point']);
    expect(added[0]?.body).toContain('R$ 1.000,00 abaixo do limite de R$ 5.000,00');
  });
});

describe('insights after an import and on schedule', () => {
  it('runs the rules for the client once their import has committed', async () => {
    const target = await createTestOrganization(context);
    const ofx = buildOfx('bank', '55501', [
      { date: '2026-05-02', amount: '-3200.00', memo: 'ALUGUEL MAIO' },
      { date: '2026-05-03', amount: '1000.00', memo: 'PIX RECEBIDO' },
    ]);
    const body = buildMultipart([{ name: 'files', fileName: 'maio.ofx', content: ofx }]);
    const response = await call(context, 'POST', '/api/upload/', { token: target.client.token, ...body });
    expect(response.statusCode).toBe(201);
    await context.app.jobs.workDueJobs();
    const rows = await storedInsights(target.client.row.id);
    expect(rows.map((row) => row.rule).sort()).toEqual(['projected-low-point', 'spending-above-income']);
    expect(rows.find((row) => row.rule === 'spending-above-income')?.evidence).toEqual({
      month: '2026-05-01',
      incomeCents: 100_000,
      expenseCents: 320_000,
      resultCents: -220_000,
    });
  });

  it('runs once at once and once after the minute for a burst of imports, not once per import', async () => {
    const target = await createTestOrganization(context);
    const clientUserId = target.client.row.id;
    // Whether a run waited is read off its row (start_after set past its creation), not off the
    // clock: how long until the client's next minute opens depends on the client.
    const countJobs = async () => {
      const result = await context.database.db.execute<{ runs: number; putOff: number; done: number }>(
        sql.raw(`SELECT count(*)::int AS runs,
                        count(*) FILTER (WHERE start_after >= created_on + interval '1 second')::int AS "putOff",
                        count(*) FILTER (WHERE state = 'completed')::int AS done
                   FROM ${context.jobsSchema}.job
                  WHERE name = 'client-insights' AND data->>'clientUserId' = '${clientUserId}'`),
      );
      return result.rows[0];
    };
    // The clock is frozen (beforeAll): the three imports fall in one of the client's minutes.
    const files = [
      [{ date: '2026-05-02', amount: '-3200.00', memo: 'ALUGUEL MAIO' }],
      [{ date: '2026-05-03', amount: '1000.00', memo: 'PIX RECEBIDO' }],
      [{ date: '2026-05-04', amount: '-150.00', memo: 'FARMACIA' }],
    ];
    for (const [index, lines] of files.entries()) {
      const body = buildMultipart([
        { name: 'files', fileName: `maio-${index}.ofx`, content: buildOfx('bank', '55502', lines) },
      ]);
      const response = await call(context, 'POST', '/api/upload/', { token: target.client.token, ...body });
      expect(response.statusCode).toBe(201);
    }
    // Two runs for three imports: the first at once (each call here works what is due, as the server
    // would), one put off to the client's next minute for the other two.
    expect(await countJobs()).toMatchObject({ runs: 2, putOff: 1 });
    await context.database.db.execute(
      sql.raw(`UPDATE ${context.jobsSchema}.job SET start_after = now()
                WHERE name = 'client-insights' AND state = 'created' AND data->>'clientUserId' = '${clientUserId}'`),
    );
    await context.app.jobs.workDueJobs();
    expect(await countJobs()).toMatchObject({ runs: 2, done: 2 });
    const rows = await storedInsights(clientUserId);
    expect(rows.map((row) => row.rule)).toContain('spending-above-income');
  });

  it('is a scheduled job every morning', () => {
    expect(insightsGenerationJob.schedule?.(context.config)).toBe('0 7 * * *');
  });
});
