import { featureToggles } from '@prumo/domain/organization/features';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationDeliveries, notificationSettings, notifications } from '../src/db/schema';
import type { AppDependencies } from '../src/dependencies';
import {
  deliverDueNotifications,
  notificationDeliveriesJob,
  raiseNotification,
  raiseNotifications,
} from '../src/modules/notifications/index';
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
const silentLog = { info: () => undefined, error: () => undefined };

/** The clock is frozen on 20 November 2026 at 10:00 in Brasília; users are made after freezing. */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  const users = [organization, otherOrganization].flatMap((org) => [org.client, org.planner, org.manager]);
  const ids = users.map((user) => user.row.id);
  await context.database.db.delete(notifications).where(inArray(notifications.userId, ids));
  await context.database.db.delete(notificationSettings).where(inArray(notificationSettings.userId, ids));
  context.mailbox.length = 0;
});

function raise(user: TestUser, eventKey: string, extra: { clientUserId?: number; kind?: 'task' | 'notice' } = {}) {
  return context.database.db.transaction((transaction) =>
    raiseNotification(transaction, {
      userId: user.row.id,
      eventKey,
      kind: extra.kind ?? 'notice',
      title: 'Conta a vencer',
      body: 'Sua conta "Luz" vence amanhã.',
      screen: 'dashboard',
      clientUserId: extra.clientUserId ?? null,
    }),
  );
}

function listOwn(user: TestUser) {
  return call(context, 'GET', '/api/notification/', { token: user.token });
}

function mailTo(user: TestUser) {
  return context.mailbox.filter((message) => message.to === user.email);
}

describe('GET and PATCH notification/', () => {
  it('lists a notice the planner left for the client, newest first, with the unread count', async () => {
    const created = await call(context, 'POST', `/api/tasks/notification/?clientId=${organization.client.row.id}`, {
      token: organization.planner.token,
      payload: { title: 'Traga os extratos de outubro' },
    });
    expect(created.statusCode, created.body).toBe(201);
    await raise(organization.client, 'later:1');
    const response = await listOwn(organization.client);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.count).toBe(2);
    expect(page.unread).toBe(2);
    expect(page.next).toBeNull();
    expect(page.results[1]).toMatchObject({
      title: 'Novo aviso',
      body: 'Traga os extratos de outubro',
      read: false,
      data: {
        client_name: null,
        insight_id: null,
        link: `/app/${organization.slug}/tarefas-e-avisos?avisos=true`,
      },
    });
    // The task module sent its own e-mail; the notification adds no second one.
    await context.app.jobs.send(notificationDeliveriesJob, {});
    await context.app.jobs.workDueJobs();
    expect(mailTo(organization.client).filter((mail) => mail.subject.startsWith('Novo aviso'))).toHaveLength(1);
  });

  it('pages with the whole count and unread count on every page, past the end too', async () => {
    const reader = await createTestOrganization(context);
    for (let index = 1; index <= 5; index += 1) await raise(reader.client, `paging:${index}`);
    const ids = (await listOwn(reader.client)).json().results.map((row: { id: number }) => row.id);
    await call(context, 'PATCH', `/api/notification/${ids[0]}/`, {
      token: reader.client.token,
      payload: { read: true },
    });
    const pageOf = async (query: string) =>
      (await call(context, 'GET', `/api/notification/?${query}`, { token: reader.client.token })).json();
    const second = await pageOf('limit=2&offset=2');
    expect(second).toMatchObject({ count: 5, unread: 4 });
    expect(second.results.map((row: { id: number }) => row.id)).toEqual(ids.slice(2, 4));
    const past = await pageOf('limit=2&offset=10');
    expect(past).toMatchObject({ count: 5, unread: 4, results: [] });
  });

  it('raises an event once, however often it is raised', async () => {
    expect(await raise(organization.client, 'task:1:assigned')).not.toBeNull();
    expect(await raise(organization.client, 'task:1:assigned')).toBeNull();
    expect((await listOwn(organization.client)).json().count).toBe(1);
  });

  it('marks read and unread; another user, or another organization, gets 404', async () => {
    const id = await raise(organization.client, 'read:1');
    const read = await call(context, 'PATCH', `/api/notification/${id}/`, {
      token: organization.client.token,
      payload: { read: true },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().read).toBe(true);
    expect((await listOwn(organization.client)).json().unread).toBe(0);
    const unread = await call(context, 'PATCH', `/api/notification/${id}/`, {
      token: organization.client.token,
      payload: { read: false },
    });
    expect(unread.json().read).toBe(false);
    for (const stranger of [organization.planner, otherOrganization.client]) {
      const refused = await call(context, 'PATCH', `/api/notification/${id}/`, {
        token: stranger.token,
        payload: { read: true },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe('Notificação não encontrada.');
    }
  });

  it('is kept between calls, yet shows at once a new one, a read mark, a renamed client and a deletion', async () => {
    const { planner, client } = organization;
    const readBell = async () => (await listOwn(planner)).json();
    expect((await readBell()).count).toBe(0);
    const id = Number(await raise(planner, 'kept:1', { clientUserId: client.row.id }));
    const raised = await readBell();
    expect(raised).toMatchObject({ count: 1, unread: 1 });
    expect(raised.results[0].data.client_name).toBe(`${client.row.firstName} ${client.row.lastName}`);
    await call(context, 'PATCH', `/api/notification/${id}/`, { token: planner.token, payload: { read: true } });
    expect(await readBell()).toMatchObject({ count: 1, unread: 0 });
    try {
      await context.database.db.execute(sql`update users set first_name = 'Renomeado' where id = ${client.row.id}`);
      expect((await readBell()).results[0].data.client_name).toBe(`Renomeado ${client.row.lastName}`);
    } finally {
      await context.database.db.execute(
        sql`update users set first_name = ${client.row.firstName} where id = ${client.row.id}`,
      );
    }
    await context.database.db.delete(notifications).where(eq(notifications.id, id));
    expect((await readBell()).count).toBe(0);
  });

  it('refuses a read that is not true or false, in pt-BR', async () => {
    const id = await raise(organization.client, 'bad:1');
    const response = await call(context, 'PATCH', `/api/notification/${id}/`, {
      token: organization.client.token,
      payload: { read: 'sim' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Informe read como verdadeiro (true) ou falso (false).');
  });
});

describe('POST notification/read-all/', () => {
  it('marks every unread notification of the caller read, and no one else’s', async () => {
    await raise(organization.client, 'all:1');
    await raise(organization.client, 'all:2');
    const strangers = await raise(otherOrganization.client, 'all:3');
    const response = await call(context, 'POST', '/api/notification/read-all/', { token: organization.client.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ marked: 2 });
    expect((await listOwn(organization.client)).json()).toMatchObject({ count: 2, unread: 0 });
    expect((await listOwn(otherOrganization.client)).json().unread).toBe(1);
    const [untouched] = await context.database.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, strangers ?? 0));
    expect(untouched?.readAt).toBeNull();
    const again = await call(context, 'POST', '/api/notification/read-all/', { token: organization.client.token });
    expect(again.json()).toEqual({ marked: 0 });
  });
});

describe('GET notifications/ and PATCH notifications/{id}/mark/ (planners)', () => {
  it('lists what concerns the planner’s clients, with the client’s name, and marks it read', async () => {
    await raise(organization.planner, 'own:1');
    const id = await raise(organization.planner, 'insight:7', { clientUserId: organization.client.row.id });
    const list = await call(context, 'GET', '/api/notifications/', { token: organization.planner.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(1);
    expect(list.json().results[0].data.client_name).toBe(
      `${organization.client.row.firstName} ${organization.client.row.lastName}`,
    );
    const marked = await call(context, 'PATCH', `/api/notifications/${id}/mark/`, {
      token: organization.planner.token,
      payload: { read: true },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().read).toBe(true);
  });

  it('refuses clients (403), another organization (404) and read false (400)', async () => {
    const id = await raise(organization.planner, 'insight:8', { clientUserId: organization.client.row.id });
    const asClient = await call(context, 'GET', '/api/notifications/', { token: organization.client.token });
    expect(asClient.statusCode).toBe(403);
    const markAsClient = await call(context, 'PATCH', `/api/notifications/${id}/mark/`, {
      token: organization.client.token,
      payload: { read: true },
    });
    expect(markAsClient.statusCode).toBe(403);
    const otherPlanner = await call(context, 'PATCH', `/api/notifications/${id}/mark/`, {
      token: otherOrganization.planner.token,
      payload: { read: true },
    });
    expect(otherPlanner.statusCode).toBe(404);
    const unread = await call(context, 'PATCH', `/api/notifications/${id}/mark/`, {
      token: organization.planner.token,
      payload: { read: false },
    });
    expect(unread.statusCode).toBe(400);
    expect(unread.body).toContain('Envie read: true para marcar a notificação como lida.');
  });

  it('needs the organization’s insight feature: without it, 403', async () => {
    const withoutInsight = await createTestOrganization(context, {
      toggles: featureToggles.filter((toggle) => toggle !== 'insight'),
    });
    const id = await raise(withoutInsight.planner, 'insight:9', { clientUserId: withoutInsight.client.row.id });
    const list = await call(context, 'GET', '/api/notifications/', { token: withoutInsight.planner.token });
    expect(list.statusCode).toBe(403);
    const mark = await call(context, 'PATCH', `/api/notifications/${id}/mark/`, {
      token: withoutInsight.planner.token,
      payload: { read: true },
    });
    expect(mark.statusCode).toBe(403);
    // Their own bell still has it.
    expect((await listOwn(withoutInsight.planner)).json().count).toBe(1);
  });
});

describe('delivery by channel', () => {
  async function deliveriesOf(id: number | null) {
    return context.database.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.notificationId, id ?? 0));
  }

  it('sends one branded e-mail, and nothing more on a rerun', async () => {
    await raise(organization.client, 'mail:1');
    for (let run = 0; run < 2; run += 1) {
      await context.app.jobs.send(notificationDeliveriesJob, {});
      await context.app.jobs.workDueJobs();
    }
    const mails = mailTo(organization.client);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Conta a vencer — /);
    expect(mails[0]?.text).toContain('Sua conta "Luz" vence amanhã.');
    expect(mails[0]?.text).toContain(`/app/${organization.slug}/dashboard`);
  });

  it('retries a failed sending later, and sends it once', async () => {
    const id = await raise(organization.client, 'mail:retry');
    const sent: string[] = [];
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    const failing = { ...deps, mailer: { send: async () => Promise.reject(new Error('SMTP fora do ar')) } };
    const now = new Date();
    expect(await deliverDueNotifications(failing, silentLog, now)).toMatchObject({ sent: 0, failed: 1 });
    expect(await deliveriesOf(id)).toMatchObject([{ status: 'pending', attempts: 1, lastError: 'SMTP fora do ar' }]);
    const working = { ...deps, mailer: { send: async (message: { to: string }) => void sent.push(message.to) } };
    // Not due again before its delay (15 s).
    expect(await deliverDueNotifications(working, silentLog, new Date(now.getTime() + 5_000))).toMatchObject({
      sent: 0,
    });
    const later = new Date(now.getTime() + 16_000);
    expect(await deliverDueNotifications(working, silentLog, later)).toMatchObject({ sent: 1 });
    expect(await deliverDueNotifications(working, silentLog, later)).toMatchObject({ sent: 0 });
    expect(sent).toEqual([organization.client.email]);
    expect(await deliveriesOf(id)).toMatchObject([{ status: 'sent', attempts: 2 }]);
  });

  it('sends nothing by e-mail when the settings leave e-mail out, or keep only notices', async () => {
    await call(context, 'PATCH', '/api/notification_settings/', {
      token: organization.client.token,
      payload: { channels: ['in_app'] },
    });
    const inAppOnly = await raise(organization.client, 'mail:none');
    await call(context, 'PATCH', '/api/notification_settings/', {
      token: organization.client.token,
      payload: { channels: ['in_app', 'email'], notificationTrigger: 'notices' },
    });
    const task = await raise(organization.client, 'mail:task', { kind: 'task' });
    await context.app.jobs.send(notificationDeliveriesJob, {});
    await context.app.jobs.workDueJobs();
    expect(await deliveriesOf(inAppOnly)).toEqual([]);
    expect(await deliveriesOf(task)).toEqual([]);
    expect(mailTo(organization.client)).toEqual([]);
    // In the app, always.
    expect((await listOwn(organization.client)).json().count).toBe(2);
  });
});

describe('several events at once', () => {
  it('records each once, for each user by their own settings, and answers null for one raised already', async () => {
    await call(context, 'PATCH', '/api/notification_settings/', {
      token: organization.planner.token,
      payload: { channels: ['in_app'] },
    });
    await raise(organization.client, 'batch:old');
    const event = (user: TestUser, eventKey: string) => ({
      userId: user.row.id,
      eventKey,
      kind: 'notice' as const,
      title: 'Gasto acima do orçamento',
      body: 'Mercado passou do planejado.',
      clientUserId: organization.client.row.id,
    });
    const ids = await context.database.db.transaction((transaction) =>
      raiseNotifications(transaction, [
        event(organization.client, 'batch:1'),
        event(organization.planner, 'batch:1'),
        event(organization.client, 'batch:old'),
      ]),
    );
    expect(ids[0]).toEqual(expect.any(Number));
    expect(ids[1]).toEqual(expect.any(Number));
    expect(ids[2]).toBeNull();
    const rows = await context.database.db
      .select({ id: notifications.id, userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.eventKey, 'batch:1'));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: ids[0], userId: organization.client.row.id },
      { id: ids[1], userId: organization.planner.row.id },
    ]);
    // The client keeps the default e-mail; the planner chose the app only.
    const deliveries = await context.database.db
      .select({ notificationId: notificationDeliveries.notificationId, channel: notificationDeliveries.channel })
      .from(notificationDeliveries)
      .where(inArray(notificationDeliveries.notificationId, [ids[0] as number, ids[1] as number]));
    expect(deliveries).toEqual([{ notificationId: ids[0], channel: 'email' }]);
  });
});

describe('live stream tickets', () => {
  it('opens the stream once per ticket, and never without one', async () => {
    const issued = await call(context, 'POST', '/api/live/ticket/', { token: organization.client.token });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().expires_in).toBe(30);
    const anonymous = await call(context, 'POST', '/api/live/ticket/');
    expect(anonymous.statusCode).toBe(401);
    const wrong = await call(context, 'GET', '/api/live/?ticket=nao-existe');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('Ticket inválido ou expirado. Peça outro.');
    vi.setSystemTime(new Date(Date.now() + 31_000));
    const expired = await call(context, 'GET', `/api/live/?ticket=${issued.json().ticket}`);
    expect(expired.statusCode).toBe(401);
  });
});
