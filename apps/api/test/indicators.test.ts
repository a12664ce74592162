import * as XLSX from '@e965/xlsx';
import { featureToggles } from '@prumo/domain/organization/features';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertAuthToken, insertUserWithProfile } from '../src/modules/accounts/accounts.repo';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

/**
 * The clock is frozen on 20 November 2026 at noon in Brasília. Every row the figures read is dated
 * by the test, and each figure below is counted by hand from them.
 */
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T15:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;
let secondPlanner: TestUser;
const clients: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5', number> = { c1: 0, c2: 0, c3: 0, c4: 0, c5: 0 };

const year = '?start=2026-01-01&end=2026-12-31';

async function run(statement: ReturnType<typeof sql>) {
  return context.database.db.execute(statement);
}

/** A user of the organization made directly, signed in. */
async function addUser(target: TestOrganization, name: string, role: 'client' | 'planner', planner: number | null) {
  const row = await insertUserWithProfile(
    context.database.db,
    {
      organizationId: target.id,
      email: `${name}@${target.slug}.test`,
      firstName: name,
      lastName: 'Teste',
      phone: '11987654321',
      cpf: null,
      passwordHash: 'not-used',
      confirmed: true,
    },
    role,
    planner,
  );
  return {
    row,
    email: row.email,
    token: await insertAuthToken(context.database.db, row.id, new Date(Date.now() + 3_600_000)),
  };
}

async function setJoined(client: number, day: string) {
  await run(sql`update users set created_at = ${`${day}T12:00:00-03:00`}::timestamptz where id = ${client}`);
}

async function setStatus(target: TestOrganization, client: number, status: string, day: string) {
  await run(sql`insert into client_statuses (client_user_id, organization_id, status, changed_at)
    values (${client}, ${target.id}, ${status}, ${`${day}T12:00:00-03:00`}::timestamptz)`);
}

async function categoryId(target: TestOrganization, name: string): Promise<number> {
  const result = await run(sql`select id from categories where organization_id = ${target.id} and name = ${name}`);
  return Number(result.rows[0]?.id);
}

/** Lines of one account: [cash date, cents, category or null, ignored?]. */
async function addLines(target: TestOrganization, client: number, lines: [string, number, number | null, boolean][]) {
  const origin = await run(sql`insert into origins (organization_id, client_user_id, kind, account_number)
    values (${target.id}, ${client}, 'manual', ${`conta-${client}`}) returning id`);
  let identity = 1;
  for (const [day, cents, category, ignored] of lines) {
    await run(sql`insert into transactions (organization_id, client_user_id, origin_id, date, cash_date, amount_cents,
        name, merchant_key, category_id, created_from, identity_key, ignored)
      values (${target.id}, ${client}, ${origin.rows[0]?.id}, ${day}, ${day}, ${cents}, 'Linha', 'linha', ${category},
        'manual', ${identity++}, ${ignored})`);
  }
}

async function addImport(target: TestOrganization, client: number, day: string) {
  await run(sql`insert into import_bundles (organization_id, client_user_id, created_at)
    values (${target.id}, ${client}, ${`${day}T10:00:00-03:00`}::timestamptz)`);
}

async function addBudget(target: TestOrganization, client: number, month: string, category: number, cents: number) {
  const budget = await run(sql`insert into budgets (organization_id, client_user_id, target_month, is_ideal)
    values (${target.id}, ${client}, ${month}, false) returning id`);
  await run(sql`insert into budget_items (budget_id, organization_id, client_user_id, category_id, amount_cents)
    values (${budget.rows[0]?.id}, ${target.id}, ${client}, ${category}, ${cents})`);
}

async function addProspect(target: TestOrganization, planner: number, stage: string, day: string) {
  await run(sql`insert into prospects (organization_id, planner_user_id, name, stage, created_at)
    values (${target.id}, ${planner}, 'Prospect', ${stage}, ${`${day}T12:00:00-03:00`}::timestamptz)`);
}

/** A budget planning of the month of `start`; `sentDay` null is the planner's draft. */
async function addPlanning(
  target: TestOrganization,
  client: number,
  start: string,
  sentDay: string | null,
  status: string,
) {
  await run(sql`insert into tasks (organization_id, client_user_id, type, status, title, start, "end", sent_at)
    values (${target.id}, ${client}, 'budget-planning', ${status}, 'Planejamento', ${start}, ${start},
      ${sentDay ? `${sentDay}T12:00:00-03:00` : null}::timestamptz)`);
}

async function addPlan(target: TestOrganization): Promise<number> {
  const plan =
    await run(sql`insert into plans (organization_id, name, type, platform_amount_cents, service_amount_cents,
      recurrent_amount_cents, service_months, hashed_id)
    values (${target.id}, 'Completo', 'service', 5000, 20000, 9900, 2, ${`plano-${target.slug}`}) returning id`);
  return Number(plan.rows[0]?.id);
}

interface SubscriptionFacts {
  status: string;
  acceptedDay: string;
  canceledDay?: string;
  /** [day, status, cents] */
  charges: [string, string, number][];
}

async function addSubscription(target: TestOrganization, client: number, planId: number, facts: SubscriptionFacts) {
  const subscription = await run(sql`insert into subscriptions (organization_id, client_user_id, plan_id, plan_type,
      platform_amount_cents, service_amount_cents, recurrent_amount_cents, service_months, status, billing,
      accepted_at, canceled_at, ended_at)
    values (${target.id}, ${client}, ${planId}, 'service', 5000, 20000, 9900, 2, ${facts.status}, 'card',
      ${`${facts.acceptedDay}T12:00:00-03:00`}::timestamptz,
      ${facts.canceledDay ? `${facts.canceledDay}T12:00:00-03:00` : null}::timestamptz,
      ${facts.canceledDay ? `${facts.canceledDay}T12:00:00-03:00` : null}::timestamptz)
    returning id`);
  const id = subscription.rows[0]?.id;
  let attempt = 1;
  for (const [day, status, cents] of facts.charges) {
    const at = `${day}T12:00:00-03:00`;
    await run(sql`insert into subscription_charges (organization_id, client_user_id, subscription_id, kind, due_date,
        attempt, idempotency_key, provider, amount_cents, status, paid_at, created_at)
      values (${target.id}, ${client}, ${id}, 'renewal', ${day}, ${attempt}, ${`teste-${id}-${attempt}`}, 'sandbox',
        ${cents}, ${status}, ${status === 'paid' ? at : null}::timestamptz, ${at}::timestamptz)`);
    attempt += 1;
  }
}

/**
 * The organization of the scenario:
 * - planner A (`planejador`): c1 (joined 10/06/2025, active), c2 (joined 15/02/2026, encerrado 01/09/2026);
 * - planner B (`beatriz`): c3 (joined 01/04/2026, active), c4 (joined 01/01/2024, em_pausa 01/10/2026);
 * - no planner: c5 (joined 10/03/2026, active);
 * - the manager keeps one prospect of their own.
 */
beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
  const plannerA = organization.planner.row.id;
  secondPlanner = await addUser(organization, 'beatriz', 'planner', null);
  const plannerB = secondPlanner.row.id;
  clients.c1 = (await addUser(organization, 'c1', 'client', plannerA)).row.id;
  clients.c2 = organization.client.row.id;
  clients.c3 = (await addUser(organization, 'c3', 'client', plannerB)).row.id;
  clients.c4 = (await addUser(organization, 'c4', 'client', plannerB)).row.id;
  clients.c5 = organization.loneClient.row.id;
  for (const user of [organization.manager, organization.planner, secondPlanner])
    await setJoined(user.row.id, '2023-01-01');
  await setJoined(clients.c1, '2025-06-10');
  await setJoined(clients.c2, '2026-02-15');
  await setJoined(clients.c3, '2026-04-01');
  await setJoined(clients.c4, '2024-01-01');
  await setJoined(clients.c5, '2026-03-10');
  await setStatus(organization, clients.c2, 'encerrado', '2026-09-01');
  await setStatus(organization, clients.c4, 'em_pausa', '2026-10-01');

  const housing = await categoryId(organization, 'Moradia');
  const salary = await categoryId(organization, 'Renda');
  // c1: 3 lines in 2026, 2 categorized; November's expense 80.000 of a 100.000 plan: within.
  await addLines(organization, clients.c1, [
    ['2026-11-10', -80_000, housing, false],
    ['2026-11-05', 500_000, salary, false],
    ['2026-03-01', -1_000, null, false],
  ]);
  await addBudget(organization, clients.c1, '2026-11-01', housing, 100_000);
  await addImport(organization, clients.c1, '2026-11-05');
  // c3: 1 counted line (an ignored one and one of 2025 aside); October's 50.000 plan repeats into
  // November, whose expense is 70.000: over.
  await addLines(organization, clients.c3, [
    ['2026-11-12', -70_000, housing, false],
    ['2026-11-13', -5_000, null, true],
    ['2025-12-31', -3_000, null, false],
  ]);
  await addBudget(organization, clients.c3, '2026-10-01', housing, 50_000);
  await addImport(organization, clients.c3, '2026-09-01');

  await addProspect(organization, plannerA, 'novo', '2026-03-01');
  await addProspect(organization, plannerA, 'convertido', '2026-04-01');
  await addProspect(organization, plannerA, 'perdido', '2026-05-01');
  await addProspect(organization, plannerA, 'proposta', '2025-12-15');
  await addProspect(organization, plannerB, 'convertido', '2026-07-01');
  await addProspect(organization, plannerB, 'diagnostico', '2026-08-01');
  await addProspect(organization, organization.manager.row.id, 'novo', '2026-02-02');

  await addPlanning(organization, clients.c1, '2026-03-01', '2026-03-05', 'done');
  await addPlanning(organization, clients.c1, '2026-11-01', '2026-11-02', 'pending');
  await addPlanning(organization, clients.c2, '2026-05-01', '2026-05-10', 'rejected');
  await addPlanning(organization, clients.c3, '2026-11-01', null, 'pending');
  await addPlanning(organization, clients.c3, '2025-12-01', '2025-12-20', 'done');

  const planId = await addPlan(organization);
  // c1: three periods paid, so the one in progress is past the services: 50 + 99.
  await addSubscription(organization, clients.c1, planId, {
    status: 'active',
    acceptedDay: '2026-08-10',
    charges: [
      ['2026-08-10', 'paid', 25_000],
      ['2026-09-10', 'paid', 25_000],
      ['2026-10-10', 'paid', 14_900],
    ],
  });
  // c3: first period paid, the renewal failed: still in effect (past due), 250 a month.
  await addSubscription(organization, clients.c3, planId, {
    status: 'past_due',
    acceptedDay: '2026-10-15',
    charges: [
      ['2026-10-15', 'paid', 25_000],
      ['2026-11-15', 'failed', 25_000],
    ],
  });
  // c4: canceled in September: no longer recurring; its failed charge of 2025 is outside the period.
  await addSubscription(organization, clients.c4, planId, {
    status: 'canceled',
    acceptedDay: '2025-06-01',
    canceledDay: '2026-09-30',
    charges: [['2025-07-01', 'failed', 25_000]],
  });

  // Another organization's client, prospect and planning: never counted above.
  const stranger = otherOrganization.client.row.id;
  await setJoined(stranger, '2026-05-05');
  await setJoined(otherOrganization.loneClient.row.id, '2023-01-01');
  await addLines(otherOrganization, stranger, [['2026-06-01', -1_000, null, false]]);
  await addProspect(otherOrganization, otherOrganization.planner.row.id, 'convertido', '2026-06-01');
  await addPlanning(otherOrganization, stranger, '2026-06-01', '2026-06-02', 'done');
});

async function readIndicators(by: TestUser, query = year) {
  const response = await call(context, 'GET', `/api/indicators/${query}`, { token: by.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const none = { novo: 0, diagnostico: 0, proposta: 0, convertido: 0, perdido: 0 };

describe("the manager's indicators", () => {
  it('counts the organization’s year by hand', async () => {
    const indicators = await readIndicators(organization.manager);
    expect(indicators).toMatchObject({
      start: '2026-01-01',
      end: '2026-12-31',
      reference_day: '2026-11-20',
      budget_month: '2026-11-01',
    });
    expect(indicators.organization).toEqual({
      // c1, c3, c5 active; c2, c3, c5 joined in 2026; c2 left; c4 paused.
      active_clients: 3,
      new_clients: 3,
      lost_clients: 1,
      paused_clients: 1,
      prospects: 6,
      prospects_by_stage: { novo: 2, diagnostico: 1, proposta: 0, convertido: 2, perdido: 1 },
      conversion_rate: 33.3,
      // Only c1 imported since 22/10.
      clients_with_recent_import: 1,
      recent_import_share: 33.3,
      lines: 4,
      categorized_lines: 3,
      categorized_share: 75,
      // c1 within, c3 over.
      clients_with_budget: 2,
      clients_within_budget: 1,
      within_budget_share: 50,
      plannings_sent: 3,
      plannings_accepted: 1,
      subscriptions: {
        monthly_recurring_revenue: 14_900 + 25_000,
        paying_subscriptions: 2,
        failed_charges: 1,
        failed_charges_amount: 25_000,
      },
    });
  });

  it('gives each planner their clients and prospects, the manager’s own prospects and the clients without a planner', async () => {
    const { planners } = await readIndicators(organization.manager);
    expect(planners.map((row: { planner: { first_name: string } | null }) => row.planner?.first_name ?? null)).toEqual([
      'beatriz',
      'gestor',
      'planejador',
      null,
    ]);
    const [beatriz, manager, plannerA, unadvised] = planners;
    expect(plannerA).toMatchObject({
      planner: { id: organization.planner.row.id, last_name: 'Teste' },
      active_clients: 1,
      new_clients: 1,
      lost_clients: 1,
      prospects: 3,
      prospects_by_stage: { ...none, novo: 1, convertido: 1, perdido: 1 },
      conversion_rate: 33.3,
      recent_import_share: 100,
      lines: 3,
      categorized_share: 66.7,
      within_budget_share: 100,
      plannings_sent: 3,
      plannings_accepted: 1,
      subscriptions: { monthly_recurring_revenue: 14_900, paying_subscriptions: 1, failed_charges: 0 },
    });
    expect(beatriz).toMatchObject({
      active_clients: 1,
      new_clients: 1,
      paused_clients: 1,
      prospects: 2,
      conversion_rate: 50,
      recent_import_share: 0,
      lines: 1,
      categorized_share: 100,
      clients_with_budget: 1,
      within_budget_share: 0,
      plannings_sent: 0,
      subscriptions: { monthly_recurring_revenue: 25_000, failed_charges: 1, failed_charges_amount: 25_000 },
    });
    expect(manager).toMatchObject({ active_clients: 0, prospects: 1, conversion_rate: 0 });
    expect(unadvised).toMatchObject({
      planner: null,
      active_clients: 1,
      new_clients: 1,
      recent_import_share: 0,
      lines: 0,
      categorized_share: null,
      within_budget_share: null,
    });
  });

  it('reads a past period as of its end: a client who left later was still active then', async () => {
    const indicators = await readIndicators(organization.manager, '?start=01/01/2026&end=30/06/2026');
    expect(indicators.reference_day).toBe('2026-06-30');
    expect(indicators.budget_month).toBe('2026-06-01');
    expect(indicators.organization).toMatchObject({
      // c1, c2 (encerrado only in September), c3, c4 (paused only in October), c5.
      active_clients: 5,
      new_clients: 3,
      lost_clients: 0,
      paused_clients: 0,
      prospects: 4,
      clients_with_recent_import: 0,
      lines: 1,
      categorized_lines: 0,
      clients_with_budget: 0,
      within_budget_share: null,
      plannings_sent: 2,
      // c4 was subscribed then (canceled in September), with no charge paid by June 30.
      subscriptions: { paying_subscriptions: 1, failed_charges: 0 },
    });
    expect(indicators.months.map((month: { month: string }) => month.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(indicators.months[2]).toEqual({
      month: '2026-03',
      new_clients: 1,
      lost_clients: 0,
      plannings_sent: 1,
      plannings_accepted: 1,
    });
  });

  it('gives another organization’s manager only their own figures, without subscriptions where none exist', async () => {
    const indicators = await readIndicators(otherOrganization.manager);
    // Their client of 2026 and their client without a planner.
    expect(indicators.organization).toMatchObject({
      active_clients: 2,
      new_clients: 1,
      prospects: 1,
      conversion_rate: 100,
      lines: 1,
      plannings_sent: 1,
      subscriptions: null,
    });
    expect(indicators.planners.map((row: { planner: { id: number } | null }) => row.planner?.id ?? null)).toEqual([
      otherOrganization.planner.row.id,
      null,
    ]);
  });

  it('exports the same figures as a spreadsheet', async () => {
    const response = await call(context, 'GET', `/api/indicators/export-xls/${year}`, {
      token: organization.manager.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="indicadores-2026-01-01-a-2026-12-31.xlsx"',
    );
    const workbook = XLSX.read(response.rawPayload, { type: 'buffer' });
    expect(workbook.SheetNames).toEqual(['Organização', 'Por planejador', 'Por mês']);
    const summary = XLSX.utils.sheet_to_json<[string, unknown]>(workbook.Sheets.Organização as XLSX.WorkSheet, {
      header: 1,
    });
    const readValue = (label: string) => summary.find((row) => row[0] === label)?.[1];
    expect(readValue('Período')).toBe('01/01/2026 a 31/12/2026');
    expect(readValue('Clientes ativos')).toBe(3);
    expect(readValue('Conversão de prospects')).toBeCloseTo(0.333);
    expect(readValue('Receita recorrente mensal (R$)')).toBe(399);
    const byPlanner = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      workbook.Sheets['Por planejador'] as XLSX.WorkSheet,
    );
    expect(byPlanner.map((row) => row.Planejador)).toEqual([
      'beatriz Teste',
      'gestor Teste',
      'planejador Teste',
      'Sem planejador',
    ]);
  });
});

describe('figures kept between calls', () => {
  it('are read afresh once a line, a prospect, a status or a planner’s name changes', async () => {
    const before = (await readIndicators(organization.manager)).organization;
    expect(before).toMatchObject({ lines: 4, categorized_lines: 3, prospects: 6 });
    // A line of c5's (the cash-flow version's trigger) and a prospect of planner A's.
    await addLines(organization, clients.c5, [['2026-06-01', -2_000, null, false]]);
    await addProspect(organization, organization.planner.row.id, 'novo', '2026-06-01');
    const after = (await readIndicators(organization.manager)).organization;
    expect(after).toMatchObject({ lines: 5, categorized_lines: 3, categorized_share: 60, prospects: 7 });
    await run(sql`update client_statuses set status = 'ativo' where client_user_id = ${clients.c4}`);
    expect((await readIndicators(organization.manager)).organization).toMatchObject({
      active_clients: 4,
      paused_clients: 0,
    });
    await run(sql`update users set first_name = 'bia' where id = ${secondPlanner.row.id}`);
    expect((await readIndicators(organization.manager)).planners[0].planner.first_name).toBe('bia');
  });
});

describe('who reaches the indicators', () => {
  it('refuses planners and clients', async () => {
    for (const user of [organization.planner, organization.client]) {
      for (const path of ['/api/indicators/', '/api/indicators/export-xls/']) {
        const response = await call(context, 'GET', `${path}${year}`, { token: user.token });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: 'Sem permissão' });
      }
    }
  });

  it('refuses a manager whose organization has the indicators off', async () => {
    const without = await createTestOrganization(context, {
      toggles: featureToggles.filter((toggle) => toggle !== 'dashboard_indicators'),
    });
    for (const path of ['/api/indicators/', '/api/indicators/export-xls/']) {
      const response = await call(context, 'GET', `${path}${year}`, { token: without.manager.token });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses a visitor', async () => {
    const response = await call(context, 'GET', `/api/indicators/${year}`);
    expect(response.statusCode).toBe(401);
  });
});

describe('the period asked for', () => {
  it.each([
    ['', { start: ['Este campo é obrigatório'], end: ['Este campo é obrigatório'] }],
    ['?start=2026-02-30&end=2026-03-01', { start: ['Data inválida'] }],
    ['?start=ontem&end=2026-03-01', { start: ['Data inválida'] }],
    ['?start=2026-03-01&end=2026-02-28', { end: ['A data final deve ser igual ou posterior à inicial.'] }],
    ['?start=2020-01-01&end=2026-01-01', { end: ['O período pode ter no máximo 5 anos.'] }],
  ])('answers 400 with a pt-BR message for %s', async (query, body) => {
    for (const path of ['/api/indicators/', '/api/indicators/export-xls/']) {
      const response = await call(context, 'GET', `${path}${query}`, { token: organization.manager.token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(body);
    }
  });
});
