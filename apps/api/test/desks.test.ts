import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { findMonthOfDay } from '@prumo/domain/budget/target-month';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientAccessLog, clientStatuses, importBundles } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
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
let otherPlannersClient: TestUser;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
  otherPlannersClient = await addOtherPlannersClient(context, organization);
});

const today = findTodayInBrazil(new Date());
const month = findMonthOfDay(today);

interface ClientRow {
  user: { id: number; first_name: string };
  status: string;
  last_import_bundle: { id: number; created_at: string } | null;
  attention: Record<string, unknown>;
}

async function listClients(by: TestUser, query = '') {
  const response = await call(context, 'GET', `/api/profiles/clients/${query}`, { token: by.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { count: number; next: string | null; results: ClientRow[] };
}

async function categoryId(by: TestUser, name: string): Promise<number> {
  const categories: { id: number; name: string }[] = (
    await call(context, 'GET', '/api/category/', { token: by.token })
  ).json();
  const found = categories.find((category) => category.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found.id;
}

describe("the planner's book of clients", () => {
  it('lists only the planner’s own clients, with the record’s fields and the attention figures', async () => {
    const page = await listClients(organization.planner, '?isActive=true');
    expect(page.results.map((row) => row.user.id)).toEqual([organization.client.row.id]);
    expect(page.results[0]).toMatchObject({
      user: { id: organization.client.row.id, first_name: 'cliente', email: organization.client.email },
      budget_planner: { user: { id: organization.planner.row.id } },
      status: 'ativo',
      last_import_bundle: null,
      attention: { days_since_import: null, open_tasks: 0, overdue_tasks: 0, planning_awaiting: null },
    });
    // The manager's list still reaches every client of the organization, with the old filters.
    const managers = await listClients(organization.manager, '?profile=manager');
    expect(managers.results.map((row) => row.user.id).sort()).toEqual(
      [organization.client.row.id, organization.loneClient.row.id, otherPlannersClient.row.id].sort(),
    );
    const byPlanner = await listClients(
      organization.manager,
      `?profile=manager&planner=${organization.planner.row.id}`,
    );
    expect(byPlanner.results.map((row) => row.user.id)).toEqual([organization.client.row.id]);
  });

  it("gives this month's expense and plan as the client's Fluxo futuro does, and flags spending over it", async () => {
    const target = await createTestOrganization(context);
    const client = target.client;
    const housing = await categoryId(client, 'Moradia');
    const salary = await categoryId(client, 'Renda');
    const budgetItem = await call(context, 'POST', '/api/budget-item/', {
      token: client.token,
      payload: { target_month: month.slice(0, 7), category: housing, amount: 100_000 },
    });
    expect(budgetItem.statusCode, budgetItem.body).toBe(201);
    for (const [name, amount, category] of [
      ['Aluguel', -150_000, housing],
      ['Salário', 500_000, salary],
      ['Sem categoria', -2_500, undefined],
    ] as const) {
      const line = await call(context, 'POST', '/api/cash-flow/', {
        token: client.token,
        payload: { name, amount, date: today, ...(category ? { category } : {}) },
      });
      expect(line.statusCode, line.body).toBe(201);
    }
    const flow = (
      await call(context, 'GET', `/api/future-flow/?startDate=${month.slice(0, 7)}&endDate=${month.slice(0, 7)}`, {
        token: client.token,
      })
    ).json();
    const [row] = (await listClients(target.planner)).results;
    expect(row?.attention).toMatchObject({
      month_expense: flow.results[0].summary.expense,
      month_planned_expense: flow.results[0].planned.expense,
      uncategorized_lines: 1,
      over_budget: true,
      budget_use: 153,
    });
    expect(row?.attention.month_expense).toBe(152_500);
    const overBudget = await listClients(target.planner, '?attention=over_budget');
    expect(overBudget.count).toBe(1);
    const searched = await listClients(target.planner, '?search=CLIÉNTE');
    expect(searched.count).toBe(1);
    const noMatch = await listClients(target.planner, '?search=ninguem');
    expect(noMatch.count).toBe(0);
  });

  it('is kept between calls, yet follows at once every change its figures are read from', async () => {
    const target = await createTestOrganization(context);
    const { client, planner } = target;
    const readRow = async () => {
      const [row] = (await listClients(planner)).results;
      if (!row) throw new Error('no client in the book');
      return row as ClientRow & { user: { last_name: string }; current_plan: unknown };
    };
    const first = await readRow();
    expect(first.attention).toMatchObject({ uncategorized_lines: 0, open_tasks: 0, month_expense: 0 });

    // A line (the cash-flow version), then a budget (the planning version).
    await call(context, 'POST', '/api/cash-flow/', {
      token: client.token,
      payload: { name: 'Padaria', amount: -2_500, date: today },
    });
    expect((await readRow()).attention).toMatchObject({ uncategorized_lines: 1, month_expense: 2_500 });
    await call(context, 'POST', '/api/budget-item/', {
      token: client.token,
      payload: { target_month: month.slice(0, 7), category: await categoryId(client, 'Moradia'), amount: 100_000 },
    });
    expect((await readRow()).attention).toMatchObject({ month_planned_expense: 100_000 });

    // The status, a task, the client's name, an import bundle.
    await call(context, 'PUT', `/api/profiles/customer-manager?clientId=${client.row.id}`, {
      token: planner.token,
      payload: { status: 'em_pausa' },
    });
    expect((await readRow()).status).toBe('em_pausa');
    const openTasks = Number((await readRow()).attention.open_tasks);
    await context.database.db.execute(
      sql`insert into tasks (organization_id, client_user_id, type, status, title, start, "end", sent_at)
          values (${target.id}, ${client.row.id}, 'import', 'pending', 'Envie seus extratos', ${today}, ${today}, now())`,
    );
    expect((await readRow()).attention.open_tasks).toBe(openTasks + 1);
    await context.database.db.execute(sql`update users set last_name = 'Renomeada' where id = ${client.row.id}`);
    expect((await readRow()).user.last_name).toBe('Renomeada');
    const [bundle] = await context.database.db
      .insert(importBundles)
      .values({ organizationId: target.id, clientUserId: client.row.id })
      .returning();
    expect((await readRow()).last_import_bundle?.id).toBe(bundle?.id);
  });

  it('filters by stale imports and overdue tasks, sorts by a figure, and refuses bad words', async () => {
    const target = await createTestOrganization(context);
    const { db } = context.database;
    await db.insert(importBundles).values({
      organizationId: target.id,
      clientUserId: target.client.row.id,
      createdAt: new Date(`${shiftDay(today, -40)}T12:00:00-03:00`),
    });
    const stale = await listClients(target.planner, '?attention=no_recent_import');
    expect(stale.results[0]?.attention.days_since_import).toBe(40);
    expect(stale.results[0]?.last_import_bundle).not.toBeNull();

    const task = await call(context, 'POST', '/api/tasks/import/', {
      token: target.planner.token,
      payload: { client: target.client.row.id, start: shiftDay(today, -20), end: shiftDay(today, -5) },
    });
    expect(task.statusCode, task.body).toBe(201);
    const overdue = await listClients(target.planner, '?attention=overdue_tasks,no_recent_import');
    expect(overdue.count).toBe(1);
    expect(overdue.results[0]?.attention).toMatchObject({ open_tasks: 1, overdue_tasks: 1, oldest_open_task_days: 0 });
    expect((await listClients(target.planner, '?ordering=-overdue_tasks')).count).toBe(1);

    for (const [query, field, message] of [
      ['?ordering=salario', 'ordering', 'Ordenação inválida.'],
      [
        '?attention=sumidos',
        'attention',
        'Filtro inválido: use no_recent_import, over_budget ou overdue_tasks, separados por vírgula.',
      ],
      ['?isActive=talvez', 'isActive', 'Use true ou false.'],
    ]) {
      const refused = await call(context, 'GET', `/api/profiles/clients/${query}`, { token: target.planner.token });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toEqual({ [field as string]: [message] });
    }
    const asClient = await call(context, 'GET', '/api/profiles/clients/', { token: target.client.token });
    expect(asClient.statusCode).toBe(403);
  });
});

describe("the client's status", () => {
  it('is set by the planner; an inactive client leaves the active list and their tasks stop falling overdue', async () => {
    const target = await createTestOrganization(context);
    const clientId = target.client.row.id;
    const task = await call(context, 'POST', '/api/tasks/import/', {
      token: target.planner.token,
      payload: { client: clientId, start: shiftDay(today, -20), end: shiftDay(today, -5) },
    });
    expect(task.statusCode).toBe(201);
    const paused = await call(context, 'PUT', `/api/profiles/customer-manager?clientId=${clientId}`, {
      token: target.planner.token,
      payload: { status: 'em_pausa' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({ detail: 'Situação do cliente alterada', client: clientId, status: 'em_pausa' });
    const [stored] = await context.database.db
      .select()
      .from(clientStatuses)
      .where(eq(clientStatuses.clientUserId, clientId));
    expect(stored).toMatchObject({ status: 'em_pausa', changedByUserId: target.planner.row.id });
    expect((await listClients(target.planner, '?isActive=true')).count).toBe(0);
    const inactive = await listClients(target.planner, '?isActive=false');
    expect(inactive.results[0]).toMatchObject({ status: 'em_pausa', attention: { open_tasks: 1, overdue_tasks: 0 } });

    // Stopped: a task created for them sends no e-mail; once active again, the next one does.
    context.mailbox.length = 0;
    const notice = await call(context, 'POST', '/api/tasks/notification/', {
      token: target.planner.token,
      payload: { client: clientId, title: 'Reunião na quinta' },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    expect(context.mailbox.filter((mail) => mail.to === target.client.email)).toEqual([]);
    await call(context, 'PUT', `/api/profiles/customer-manager?clientId=${clientId}`, {
      token: target.planner.token,
      payload: { status: 'ativo' },
    });
    await call(context, 'POST', '/api/tasks/notification/', {
      token: target.planner.token,
      payload: { client: clientId, title: 'Reunião na sexta' },
    });
    expect(context.mailbox.filter((mail) => mail.to === target.client.email).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Reunião na sexta'),
    ]);

    // A manager of the organization may set it too.
    const closed = await call(context, 'PUT', `/api/profiles/customer-manager/?clientId=${clientId}`, {
      token: target.manager.token,
      payload: { status: 'encerrado' },
    });
    expect(closed.statusCode).toBe(200);
  });

  it('refuses a bad word (400), the client (403), another planner’s or organization’s client (404)', async () => {
    const clientId = organization.client.row.id;
    const put = (by: TestUser, query: string, payload: unknown) =>
      call(context, 'PUT', `/api/profiles/customer-manager${query}`, { token: by.token, payload });
    const badWord = await put(organization.planner, `?clientId=${clientId}`, { status: 'sumido' });
    expect(badWord.statusCode).toBe(400);
    expect(badWord.json()).toEqual({ status: ['Situação inválida: use ativo, em_pausa ou encerrado.'] });
    const missing = await put(organization.planner, `?clientId=${clientId}`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ status: ['Informe a situação do cliente.'] });
    const noClient = await put(organization.planner, '', { status: 'ativo' });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json()).toEqual({ detail: 'Informe o cliente (clientId).' });
    const notANumber = await put(organization.planner, '?clientId=abc', { status: 'ativo' });
    expect(notANumber.statusCode).toBe(400);
    const asClient = await put(organization.client, `?clientId=${clientId}`, { status: 'encerrado' });
    expect(asClient.statusCode).toBe(403);
    const notTheirs = await put(organization.planner, `?clientId=${otherPlannersClient.row.id}`, { status: 'ativo' });
    expect(notTheirs.statusCode).toBe(404);
    const otherOrganizationManager = await put(otherOrganization.manager, `?clientId=${clientId}`, {
      status: 'encerrado',
    });
    expect(otherOrganizationManager.statusCode).toBe(404);
    expect(otherOrganizationManager.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const rows = await context.database.db
      .select()
      .from(clientStatuses)
      .where(eq(clientStatuses.clientUserId, clientId));
    expect(rows).toEqual([]);
  });
});

describe('the access log', () => {
  it('records the planner opening the client and an export; the client reads it, nobody changes it', async () => {
    const target = await createTestOrganization(context);
    const clientId = target.client.row.id;
    const opened = await call(context, 'POST', `/api/profiles/clients/${clientId}/mark-planner-access/`, {
      token: target.planner.token,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ detail: 'Acesso registrado' });
    const exported = await call(
      context,
      'GET',
      `/api/cash-flow/export-xls/?start=${month}&end=${today}&clientId=${clientId}`,
      { token: target.manager.token },
    );
    expect(exported.statusCode, exported.body).toBe(200);
    // The client's own reads are not accesses to log.
    await call(context, 'GET', `/api/cash-flow/export-xls/?start=${month}&end=${today}`, {
      token: target.client.token,
    });

    const own = await call(context, 'GET', `/api/access-log/?clientId=${organization.client.row.id}`, {
      token: target.client.token,
    });
    expect(own.statusCode).toBe(200);
    const log = own.json();
    expect(log.count).toBe(2);
    expect(log.results.map((entry: { action: string }) => entry.action)).toEqual(['cash_flow_export', 'client_view']);
    expect(log.results[1]).toMatchObject({
      viewer: { id: target.planner.row.id, name: 'planejador Teste', role: 'planner' },
      action_label: 'Abriu seus dados',
      subject: null,
    });
    expect(log.results[0]).toMatchObject({ viewer: { role: 'manager' }, action_label: 'Exportou o seu caixa' });

    const byPlanner = await call(context, 'GET', `/api/access-log/?clientId=${clientId}&limit=1`, {
      token: target.planner.token,
    });
    expect(byPlanner.statusCode).toBe(200);
    expect(byPlanner.json()).toMatchObject({ count: 2, previous: null });
    expect(byPlanner.json().next).toContain('offset=1');
    const otherOrganizationManager = await call(context, 'GET', `/api/access-log/?clientId=${clientId}`, {
      token: otherOrganization.manager.token,
    });
    expect(otherOrganizationManager.statusCode).toBe(404);

    const { db } = context.database;
    await expect(
      db.update(clientAccessLog).set({ viewerName: 'ninguém' }).where(eq(clientAccessLog.clientUserId, clientId)),
    ).rejects.toThrow();
    await expect(db.delete(clientAccessLog).where(eq(clientAccessLog.clientUserId, clientId))).rejects.toThrow();
    await expect(db.execute(sql`truncate client_access_log`)).rejects.toThrow();
    const kept = await db.select().from(clientAccessLog).where(eq(clientAccessLog.clientUserId, clientId));
    expect(kept).toHaveLength(2);
  });

  it("records a statement file the planner downloads, with the file's name", async () => {
    const target = await createTestOrganization(context);
    const ofx = readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../shared/fixtures/statements/kamino-company__OfxSharp/santander.ofx',
      ),
    );
    const upload = await call(context, 'POST', '/api/upload/', {
      token: target.client.token,
      ...buildMultipart([{ name: 'files', fileName: 'santander.ofx', content: ofx }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const fileId = upload.json().files[0].id;
    const own = await call(context, 'GET', `/api/file/${fileId}/download/`, { token: target.client.token });
    expect(own.statusCode).toBe(200);
    const byPlanner = await call(context, 'GET', `/api/file/${fileId}/download/?clientId=${target.client.row.id}`, {
      token: target.planner.token,
    });
    expect(byPlanner.statusCode).toBe(200);
    const log = await call(context, 'GET', '/api/access-log/', { token: target.client.token });
    expect(log.json().results).toEqual([
      expect.objectContaining({ action: 'file_download', action_label: 'Baixou um extrato', subject: 'santander.ofx' }),
    ]);
    // The client's list shows when they last imported.
    const [row] = (await listClients(target.planner)).results;
    expect(row?.last_import_bundle?.id).toBe(upload.json().bundle.id);
    expect(row?.attention.days_since_import).toBe(0);
  });

  it('refuses the client (403), ids that are not numbers (400) and clients out of reach (404)', async () => {
    const mark = (by: TestUser, id: string) =>
      call(context, 'POST', `/api/profiles/clients/${id}/mark-planner-access/`, { token: by.token });
    expect((await mark(organization.client, String(organization.client.row.id))).statusCode).toBe(403);
    for (const id of ['abc', '1.5', '-3', '99999999999']) {
      const refused = await mark(organization.planner, id);
      expect(refused.statusCode, id).toBe(400);
      expect(refused.json()).toEqual({ id: ['Valor inválido'] });
    }
    expect((await mark(organization.planner, String(otherPlannersClient.row.id))).statusCode).toBe(404);
    expect((await mark(otherOrganization.manager, String(organization.client.row.id))).statusCode).toBe(404);
    expect((await mark(organization.planner, '2147483000')).statusCode).toBe(404);
    const logClientId = await call(context, 'GET', '/api/access-log/?clientId=abc', {
      token: organization.planner.token,
    });
    expect(logClientId.statusCode).toBe(400);
    const withoutClient = await call(context, 'GET', '/api/access-log/', { token: organization.planner.token });
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json()).toEqual({ detail: 'Informe o cliente (clientId).' });
    const rows = await context.database.db
      .select()
      .from(clientAccessLog)
      .where(eq(clientAccessLog.clientUserId, otherPlannersClient.row.id));
    expect(rows).toEqual([]);
  });
});
