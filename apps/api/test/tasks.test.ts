import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationSettings, notifications, tasks } from '../src/db/schema';
import { buildCallerScope } from '../src/lib/scope';
import { updateTaskStatus } from '../src/modules/tasks/tasks.repo';
import { buildMultipart } from './helpers/multipart';
import {
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

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

/** Every test starts with no task and default settings for the organization's clients. */
beforeEach(async () => {
  const { db } = context.database;
  for (const client of [organization.client, organization.loneClient, otherOrganization.client]) {
    await db.delete(tasks).where(eq(tasks.clientUserId, client.row.id));
    await db.delete(notificationSettings).where(eq(notificationSettings.userId, client.row.id));
  }
  context.mailbox.length = 0;
});

function createTask(by: TestUser, type: string, body: Record<string, unknown>, query = '') {
  return call(context, 'POST', `/api/tasks/${type}/${query}`, { token: by.token, payload: body });
}

async function createTaskOk(by: TestUser, type: string, body: Record<string, unknown>) {
  const response = await createTask(by, type, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; status: string; title: string };
}

function changeStatus(by: TestUser, taskId: number, status: string, query = '') {
  return call(context, 'PUT', `/api/tasks/task/${taskId}/change-status/${query}`, {
    token: by.token,
    payload: { status },
  });
}

/** The planner plans the month's rent and finishes the planning, which sends the draft to the client (ADR 6). */
async function sendPlanning(taskId: number, targetMonth: string) {
  const clientId = organization.client.row.id;
  const categories: { id: number; name: string }[] = (
    await call(context, 'GET', '/api/category/', { token: organization.client.token })
  ).json();
  const item = await call(context, 'POST', `/api/budget-item/?clientId=${clientId}`, {
    token: organization.planner.token,
    payload: {
      target_month: targetMonth,
      category: categories.find((row) => row.name === 'Moradia')?.id,
      amount: 1_000,
    },
  });
  expect(item.statusCode, item.body).toBe(201);
  const finished = await call(context, 'PUT', `/api/tasks/budget-planning/${taskId}/finish/?clientId=${clientId}`, {
    token: organization.planner.token,
  });
  expect(finished.statusCode, finished.body).toBe(200);
}

function listTasks(by: TestUser, query = '') {
  return call(context, 'GET', `/api/tasks/task/${query}`, { token: by.token });
}

describe('POST tasks/{type}/', () => {
  it('lets a planner create a budget-planning task for their client: the month of its start, a pt-BR title, an e-mail once sent', async () => {
    const client = organization.client;
    const response = await createTask(organization.planner, 'budget-planning', {
      client: client.row.id,
      start: '2026-11-01',
    });
    expect(response.statusCode).toBe(201);
    const task = response.json();
    expect(task).toMatchObject({
      status: 'pending',
      type: 'budget-planning',
      title: 'Planejamento do orçamento de novembro/2026',
      client: client.row.id,
      start: '2026-11-01',
      end: '2026-11-30',
      created_by: organization.planner.row.id,
      created_by_name: 'planejador Teste',
    });
    const [stored] = await context.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored).toMatchObject({ organizationId: organization.id, clientUserId: client.row.id, status: 'pending' });
    expect(task.sent_at).toBeNull();
    // The planning is the planner's draft: the client hears of it when the planner sends it.
    expect(context.mailbox.filter((message) => message.to === client.email)).toEqual([]);
    expect((await listTasks(client)).json().count).toBe(0);

    await sendPlanning(task.id, '2026-11');
    expect((await listTasks(client)).json().results.map((row: { id: number }) => row.id)).toEqual([task.id]);
    const mail = context.mailbox.find((message) => message.to === client.email);
    expect(mail?.subject).toBe(
      `Nova tarefa: Planejamento do orçamento de novembro/2026 — Organização ${organization.slug}`,
    );
    expect(mail?.text).toContain(`http://prumo.test/app/${organization.slug}/tarefas-e-avisos`);
  });

  it('keeps one open planning per client and month, even when two requests race', async () => {
    const body = { client: organization.client.row.id, start: '2026-12-01', end: '2026-12-31' };
    const [first, second] = await Promise.all([
      createTask(organization.planner, 'budget-planning', body),
      createTask(organization.manager, 'budget-planning', body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json()).toEqual({
      detail: 'Este cliente já tem uma tarefa de planejamento pendente para dezembro/2026.',
    });

    const sameMonthOtherDay = await createTask(organization.planner, 'budget-planning', {
      client: organization.client.row.id,
      start: '15/12/2026',
    });
    expect(sameMonthOtherDay.statusCode).toBe(400);
    const nextMonth = await createTask(organization.planner, 'budget-planning', {
      client: organization.client.row.id,
      start: '2027-01-01',
    });
    expect(nextMonth.statusCode).toBe(201);
  });

  it('names the client in the body or the query, and creates each type', async () => {
    const viaQuery = await createTask(
      organization.planner,
      'import',
      { start: '2026-10-01', end: '2026-10-31' },
      `?clientId=${organization.client.row.id}`,
    );
    expect(viaQuery.statusCode).toBe(201);
    expect(viaQuery.json().title).toBe('Importar extratos de 01/10/2026 a 31/10/2026');
    const notice = await createTaskOk(organization.planner, 'notification', {
      client: organization.client.row.id,
      title: 'Reunião de revisão na quinta',
      message: 'Traga as faturas do cartão.',
    });
    expect(notice).toMatchObject({ type: 'notification', message: 'Traga as faturas do cartão.', start: null });
    const categorizing = await createTaskOk(organization.planner, 'categorizing', {
      client: organization.client.row.id,
    });
    expect(categorizing.title).toBe('Categorizar transações');
    const secondCategorizing = await createTask(organization.planner, 'categorizing', {
      client: organization.client.row.id,
    });
    expect(secondCategorizing.statusCode).toBe(400);
    expect(secondCategorizing.json()).toEqual({
      detail: 'Este cliente já tem uma tarefa de categorização pendente.',
    });
  });

  it('refuses clients (403), others’ clients (404), unknown types and bad bodies with pt-BR messages', async () => {
    const asClient = await createTask(organization.client, 'notification', {
      client: organization.client.row.id,
      title: 'Oi',
    });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ detail: 'Sem permissão' });

    const notTheirClient = await createTask(organization.planner, 'import', { client: organization.loneClient.row.id });
    expect(notTheirClient.statusCode).toBe(404);
    expect(notTheirClient.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const otherOrganizationClient = await createTask(organization.manager, 'import', {
      client: otherOrganization.client.row.id,
    });
    expect(otherOrganizationClient.statusCode).toBe(404);
    const managerAnyClient = await createTask(organization.manager, 'import', {
      client: organization.loneClient.row.id,
    });
    expect(managerAnyClient.statusCode).toBe(201);

    const unknownType = await createTask(organization.planner, 'lembrete', { client: organization.client.row.id });
    expect(unknownType.statusCode).toBe(404);
    expect(unknownType.json()).toEqual({
      detail: 'Tipo de tarefa desconhecido: use import, budget-planning, categorizing ou notification.',
    });

    const withoutClient = await createTask(organization.planner, 'import', {});
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json()).toEqual({ client: ['Este campo é obrigatório'] });
    const endBeforeStart = await createTask(organization.planner, 'import', {
      client: organization.client.row.id,
      start: '2026-10-31',
      end: '2026-10-01',
    });
    expect(endBeforeStart.json()).toEqual({ end: ['A data final deve ser igual ou posterior à data inicial.'] });
    const planningWithoutMonth = await createTask(organization.planner, 'budget-planning', {
      client: organization.client.row.id,
    });
    expect(planningWithoutMonth.json()).toEqual({ start: ['Informe o mês do planejamento (data inicial).'] });
    const noticeWithoutTitle = await createTask(organization.planner, 'notification', {
      client: organization.client.row.id,
    });
    expect(noticeWithoutTitle.json()).toEqual({ title: ['Informe o título do aviso.'] });
    const badDate = await createTask(organization.planner, 'import', {
      client: organization.client.row.id,
      start: '31/02/2026',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toEqual({ start: ['Data inválida'] });

    const stored = await context.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.clientUserId, organization.client.row.id));
    expect(stored).toEqual([]);
  });
});

describe('GET tasks/task/', () => {
  it('shows a client their pending tasks by default, newest first, and others on request', async () => {
    const client = organization.client;
    const older = await createTaskOk(organization.planner, 'import', { client: client.row.id });
    const ignored = await createTaskOk(organization.planner, 'notification', {
      client: client.row.id,
      title: 'Aviso 1',
    });
    const newer = await createTaskOk(organization.planner, 'notification', { client: client.row.id, title: 'Aviso 2' });
    expect((await changeStatus(client, ignored.id, 'rejected')).statusCode).toBe(200);

    const pending = await listTasks(client);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(pending.json().results.map((task: { id: number }) => task.id)).toEqual([newer.id, older.id]);

    const everything = await listTasks(client, '?status=all&limit=2');
    expect(everything.json().count).toBe(3);
    expect(everything.json().next).toContain('offset=2');
    const rejected = await listTasks(client, '?status=rejected');
    expect(rejected.json().results.map((task: { id: number }) => task.id)).toEqual([ignored.id]);
    const notices = await listTasks(client, '?status=pending,rejected&type=notification');
    expect(notices.json().results.map((task: { id: number }) => task.id)).toEqual([newer.id, ignored.id]);

    const wrongStatus = await listTasks(client, '?status=lida');
    expect(wrongStatus.statusCode).toBe(400);
    expect(wrongStatus.json()).toEqual({ status: ['Status inválido: use pending, rejected ou done.'] });
  });

  it('shows a planner every status of the client they name, and nothing of others', async () => {
    const task = await createTaskOk(organization.planner, 'import', { client: organization.client.row.id });
    await changeStatus(organization.client, task.id, 'rejected');
    await createTaskOk(organization.manager, 'import', { client: organization.loneClient.row.id });

    const ofClient = await listTasks(organization.planner, `?client=${organization.client.row.id}`);
    expect(ofClient.json().results).toEqual([expect.objectContaining({ id: task.id, status: 'rejected' })]);
    const withoutClient = await listTasks(organization.planner);
    expect(withoutClient.statusCode).toBe(400);
    expect(withoutClient.json()).toEqual({ detail: 'Informe o cliente (clientId).' });
    const notTheirs = await listTasks(organization.planner, `?clientId=${organization.loneClient.row.id}`);
    expect(notTheirs.statusCode).toBe(404);
    const otherOrganization_ = await listTasks(otherOrganization.manager, `?clientId=${organization.client.row.id}`);
    expect(otherOrganization_.statusCode).toBe(404);
    // A client's `client` names nobody else: they see their own tasks.
    const loneClientAsking = await listTasks(
      organization.loneClient,
      `?client=${organization.client.row.id}&status=all`,
    );
    expect(loneClientAsking.json().results.map((row: { client: number }) => row.client)).toEqual([
      organization.loneClient.row.id,
    ]);
  });
});

describe('PUT tasks/task/{id}/change-status/', () => {
  it('follows the status rules: the client ignores, either completes or reopens, a done task is never ignored', async () => {
    const client = organization.client;
    const task = await createTaskOk(organization.planner, 'import', { client: client.row.id });

    const plannerIgnores = await changeStatus(organization.planner, task.id, 'rejected');
    expect(plannerIgnores.statusCode).toBe(403);
    expect(plannerIgnores.json()).toEqual({ detail: 'Só o cliente pode ignorar uma tarefa.' });

    const ignoredByClient = await changeStatus(client, task.id, 'rejected');
    expect(ignoredByClient.statusCode).toBe(200);
    expect(ignoredByClient.json()).toMatchObject({ id: task.id, status: 'rejected' });
    const reopenedByPlanner = await changeStatus(organization.planner, task.id, 'pending');
    expect(reopenedByPlanner.json().status).toBe('pending');
    const doneByClient = await changeStatus(client, task.id, 'done');
    expect(doneByClient.json().status).toBe('done');
    const doneAgain = await changeStatus(client, task.id, 'done');
    expect(doneAgain.statusCode).toBe(200);

    const ignoreDone = await changeStatus(client, task.id, 'rejected');
    expect(ignoreDone.statusCode).toBe(400);
    expect(ignoreDone.json()).toEqual({ detail: 'Uma tarefa concluída não pode ser ignorada.' });
    const [stored] = await context.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored?.status).toBe('done');

    const badStatus = await changeStatus(client, task.id, 'lida');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toEqual({ status: ['Status inválido: use pending, rejected ou done.'] });
  });

  it('tells the client of a planning once it is sent, and the planner once the client accepts it, once each', async () => {
    const client = organization.client;
    const titlesOf = async (user: TestUser) =>
      (await call(context, 'GET', '/api/notification/', { token: user.token }))
        .json()
        .results.filter((item: { title: string }) => item.title.startsWith('Planejamento'));
    const clearBells = () =>
      context.database.db
        .delete(notifications)
        .where(inArray(notifications.userId, [client.row.id, organization.planner.row.id]));
    await clearBells();
    const planning = await createTaskOk(organization.planner, 'budget-planning', {
      client: client.row.id,
      start: '2027-05-01',
    });
    // A draft is the planner's: the client hears nothing of it yet.
    expect(await titlesOf(client)).toEqual([]);
    await sendPlanning(planning.id, '2027-05');
    expect(await titlesOf(client)).toMatchObject([
      {
        title: 'Planejamento recebido',
        body: `Seu planejador enviou "${planning.title}". Confira e aceite o planejamento.`,
        read: false,
      },
    ]);
    expect((await changeStatus(client, planning.id, 'done')).statusCode).toBe(200);
    expect((await changeStatus(client, planning.id, 'done')).statusCode).toBe(200);
    expect(await titlesOf(organization.planner)).toMatchObject([
      { title: 'Planejamento aceito', body: `O cliente aceitou "${planning.title}".` },
    ]);
    expect(await titlesOf(client)).toHaveLength(1);
    await clearBells();
  });

  it('reopens a planning only while no other planning of that month is open', async () => {
    const body = { client: organization.client.row.id, start: '2027-03-01' };
    const first = await createTaskOk(organization.planner, 'budget-planning', body);
    await sendPlanning(first.id, '2027-03');
    expect((await changeStatus(organization.client, first.id, 'rejected')).statusCode).toBe(200);
    const second = await createTaskOk(organization.planner, 'budget-planning', body);
    const reopen = await changeStatus(organization.planner, first.id, 'pending');
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json()).toEqual({
      detail: 'Este cliente já tem uma tarefa de planejamento pendente para março/2027.',
    });
    // An unsent draft cannot be completed; the planner deletes it to free the month.
    expect((await changeStatus(organization.planner, second.id, 'done')).statusCode).toBe(400);
    const deleted = await call(context, 'DELETE', `/api/tasks/task/${second.id}/`, {
      token: organization.planner.token,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await changeStatus(organization.planner, first.id, 'pending')).statusCode).toBe(200);
  });

  it('answers 404 Tarefas não encontradas for tasks outside the caller’s reach', async () => {
    const task = await createTaskOk(organization.planner, 'import', { client: organization.client.row.id });
    const lonesTask = await createTaskOk(organization.manager, 'import', { client: organization.loneClient.row.id });
    for (const [by, id] of [
      [organization.loneClient, task.id],
      [organization.planner, lonesTask.id],
      [otherOrganization.manager, task.id],
      [otherOrganization.client, task.id],
    ] as const) {
      const response = await changeStatus(by, id, 'done');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Tarefas não encontradas' });
    }
    // A planner naming another client than the task's does not reach it either.
    const wrongClient = await changeStatus(
      organization.manager,
      task.id,
      'done',
      `?clientId=${organization.loneClient.row.id}`,
    );
    expect(wrongClient.statusCode).toBe(404);
    const [stored] = await context.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored?.status).toBe('pending');
  });
});

describe('the status write of the tasks repository', () => {
  it('changes only a task the viewer reaches, whatever id it is given', async () => {
    const task = await createTaskOk(organization.planner, 'import', { client: organization.client.row.id });
    const outsider = otherOrganization.planner.row;
    const outsiderCaller = {
      userId: outsider.id,
      organizationId: otherOrganization.id,
      organizationSlug: otherOrganization.slug,
      role: 'planner' as const,
      features: [],
      tokenExpiresAt: new Date(Date.now() + 60_000),
    };
    const { db } = context.database;
    expect(await updateTaskStatus(db, buildCallerScope(outsiderCaller), task.id, 'done')).toBe(false);
    const [untouched] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
    expect(untouched?.status).toBe('pending');
    const plannerCaller = {
      ...outsiderCaller,
      userId: organization.planner.row.id,
      organizationId: organization.id,
      organizationSlug: organization.slug,
    };
    expect(await updateTaskStatus(db, buildCallerScope(plannerCaller), task.id, 'done')).toBe(true);
    const [changed] = await db.select({ status: tasks.status }).from(tasks).where(eq(tasks.id, task.id));
    expect(changed?.status).toBe('done');
  });
});

describe('DELETE tasks/task/{id}/', () => {
  it('lets the client’s planner or a manager delete a task; clients and others cannot', async () => {
    const task = await createTaskOk(organization.planner, 'import', { client: organization.client.row.id });
    const byClient = await call(context, 'DELETE', `/api/tasks/task/${task.id}/`, { token: organization.client.token });
    expect(byClient.statusCode).toBe(403);
    const byOtherOrganization = await call(context, 'DELETE', `/api/tasks/task/${task.id}/`, {
      token: otherOrganization.manager.token,
    });
    expect(byOtherOrganization.statusCode).toBe(404);
    expect(byOtherOrganization.json()).toEqual({ detail: 'Tarefas não encontradas' });
    const lonesTask = await createTaskOk(organization.manager, 'import', { client: organization.loneClient.row.id });
    const notTheirClient = await call(context, 'DELETE', `/api/tasks/task/${lonesTask.id}/`, {
      token: organization.planner.token,
    });
    expect(notTheirClient.statusCode).toBe(404);

    const byPlanner = await call(context, 'DELETE', `/api/tasks/task/${task.id}/`, {
      token: organization.planner.token,
    });
    expect(byPlanner.statusCode).toBe(204);
    expect(await context.database.db.select().from(tasks).where(eq(tasks.id, task.id))).toEqual([]);
    const again = await call(context, 'DELETE', `/api/tasks/task/${task.id}/`, { token: organization.planner.token });
    expect(again.statusCode).toBe(404);
    const byManager = await call(context, 'DELETE', `/api/tasks/task/${lonesTask.id}/`, {
      token: organization.manager.token,
    });
    expect(byManager.statusCode).toBe(204);
  });
});

describe('tasks the import closes and opens', () => {
  it('completes the open import task with the files of the statements the client sends, and opens categorizing', async () => {
    const client = organization.client;
    const task = await createTaskOk(organization.planner, 'import', { client: client.row.id });
    const ofx = readFileSync(
      path.resolve(
        import.meta.dirname,
        '../../../../shared/fixtures/statements/kamino-company__OfxSharp/santander.ofx',
      ),
    );
    const upload = await call(context, 'POST', '/api/upload/', {
      token: client.token,
      ...buildMultipart([{ name: 'files', fileName: 'santander.ofx', content: ofx }]),
    });
    expect(upload.statusCode).toBe(201);

    const importTask = await call(context, 'GET', `/api/tasks/import/${task.id}/`, { token: client.token });
    expect(importTask.json()).toMatchObject({ id: task.id, status: 'done', bundle: upload.json().bundle.id });
    expect(importTask.json().files.map((file: { name: string }) => file.name)).toEqual(['santander.ofx']);
    const pending = await listTasks(client);
    expect(pending.json().results).toEqual([expect.objectContaining({ type: 'categorizing', status: 'pending' })]);
    // Categorizing tasks the import opens were not created by someone else: no e-mail.
    expect(context.mailbox.filter((mail) => mail.subject.startsWith('Nova tarefa: Categorizar'))).toEqual([]);
  });
});

describe('notification_settings/', () => {
  it('starts with every channel and trigger, saves partial changes and refuses unknown values', async () => {
    const client = organization.client;
    const defaults = await call(context, 'GET', '/api/notification_settings/', { token: client.token });
    expect(defaults.statusCode).toBe(200);
    expect(defaults.json()).toEqual({ channels: ['in_app', 'email'], notificationTrigger: 'all' });

    const changed = await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { channels: ['email', 'email'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ channels: ['email'], notificationTrigger: 'all' });
    const trigger = await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { notificationTrigger: 'notices' },
    });
    expect(trigger.json()).toEqual({ channels: ['email'], notificationTrigger: 'notices' });
    const readBack = await call(context, 'GET', '/api/notification_settings/', { token: client.token });
    expect(readBack.json()).toEqual({ channels: ['email'], notificationTrigger: 'notices' });
    // Each user has their own.
    const planners = await call(context, 'GET', '/api/notification_settings/', { token: organization.planner.token });
    expect(planners.json()).toEqual({ channels: ['in_app', 'email'], notificationTrigger: 'all' });

    const badChannel = await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { channels: ['sms'] },
    });
    expect(badChannel.statusCode).toBe(400);
    expect(badChannel.json()).toEqual({ 'channels.0': ['Canal inválido: use in_app ou email.'] });
    const badTrigger = await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { notificationTrigger: 'sempre', channels: 'email' },
    });
    expect(badTrigger.statusCode).toBe(400);
    expect(badTrigger.json()).toEqual({
      channels: ['Envie os canais como uma lista.'],
      notificationTrigger: ['Opção inválida: use all ou notices.'],
    });
    const [stored] = await context.database.db
      .select()
      .from(notificationSettings)
      .where(and(eq(notificationSettings.userId, client.row.id)));
    expect(stored).toMatchObject({ channels: ['email'], notificationTrigger: 'notices' });
  });

  it('keeps both changes when the channels and the trigger are saved at the same time', async () => {
    const client = organization.client;
    for (let round = 0; round < 5; round += 1) {
      await context.database.db.delete(notificationSettings).where(eq(notificationSettings.userId, client.row.id));
      const answers = await Promise.all([
        call(context, 'PATCH', '/api/notification_settings/', {
          token: client.token,
          payload: { channels: ['in_app'] },
        }),
        call(context, 'PATCH', '/api/notification_settings/', {
          token: client.token,
          payload: { notificationTrigger: 'notices' },
        }),
      ]);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const readBack = await call(context, 'GET', '/api/notification_settings/', { token: client.token });
      expect(readBack.json(), `round ${round}`).toEqual({ channels: ['in_app'], notificationTrigger: 'notices' });
    }
  });

  it('e-mails the client only on the channels and for the tasks their settings ask for', async () => {
    const client = organization.client;
    await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { channels: ['in_app', 'email'], notificationTrigger: 'notices' },
    });
    await createTaskOk(organization.planner, 'import', { client: client.row.id });
    expect(context.mailbox).toEqual([]);
    await createTaskOk(organization.planner, 'notification', {
      client: client.row.id,
      title: 'Reunião na quinta',
      message: 'Traga as faturas.',
    });
    expect(context.mailbox.map((mail) => [mail.to, mail.subject])).toEqual([
      [client.email, `Novo aviso: Reunião na quinta — Organização ${organization.slug}`],
    ]);
    expect(context.mailbox[0]?.text).toContain('Traga as faturas.');
    expect(context.mailbox[0]?.text).toContain(`/app/${organization.slug}/tarefas-e-avisos?avisos=true`);

    await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { channels: ['in_app'] },
    });
    await createTaskOk(organization.planner, 'notification', { client: client.row.id, title: 'Outro aviso' });
    expect(context.mailbox).toHaveLength(1);
  });
});

describe('the tasks calls in the OpenAPI document', () => {
  it('list the codes each call really answers', async () => {
    const document = context.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const codesOf = (path: string, method: string) => Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(codesOf('/api/tasks/{type}/', 'post')).toEqual(expect.arrayContaining(['201', '400', '403', '404']));
    expect(codesOf('/api/tasks/{type}/', 'post')).not.toContain('200');
    expect(codesOf('/api/tasks/task/{id}/', 'delete')).toEqual(expect.arrayContaining(['204', '403', '404']));
    // Only the client may ignore a task: an adviser trying gets 403.
    expect(codesOf('/api/tasks/task/{id}/change-status/', 'put')).toEqual(
      expect.arrayContaining(['200', '400', '403', '404']),
    );
    expect(codesOf('/api/tasks/budget-planning/{id}/finish/', 'put')).toEqual(
      expect.arrayContaining(['200', '403', '404']),
    );
  });
});

describe('a planner naming a client on a call by task id', () => {
  it('reaches the task only when the named client is theirs and owns the task', async () => {
    const task = await createTaskOk(organization.planner, 'import', { client: organization.client.row.id });
    const named = await changeStatus(organization.planner, task.id, 'done', `?clientId=${organization.client.row.id}`);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ id: task.id, status: 'done' });
    const foreign = await changeStatus(
      organization.planner,
      task.id,
      'pending',
      `?clientId=${otherOrganization.client.row.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    const deleteForeign = await call(
      context,
      'DELETE',
      `/api/tasks/task/${task.id}/?clientId=${otherOrganization.client.row.id}`,
      { token: organization.planner.token },
    );
    expect(deleteForeign.statusCode).toBe(404);
    const [stored] = await context.database.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored?.status).toBe('done');
  });
});
