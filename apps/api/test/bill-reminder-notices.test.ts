import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedCepLookup } from '../src/adapters/cep-lookup/embedded-cep-lookup';
import { createDiskStorage } from '../src/adapters/file-storage';
import { readConfig } from '../src/config';
import { billReminderNotices, billReminders } from '../src/db/schema';
import { billReminderNoticesJob } from '../src/modules/reminders/index';
import { sendDueReminderNotices } from '../src/modules/reminders/reminder-notices';
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

/**
 * The clock is frozen on 14 November 2026 at 09:00 in Brasília. Users are made after freezing, so
 * their sessions are valid.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-14T12:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

async function createReminder(user: TestUser, payload: object): Promise<number> {
  const response = await call(context, 'POST', '/api/bill-reminder/', { token: user.token, payload });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

/** The daily job, run now as the schedule would run it; its e-mails are delivered before it answers. */
async function runDailyJob(): Promise<void> {
  await context.app.jobs.send(billReminderNoticesJob, {});
  await context.app.jobs.workDueJobs();
}

/** Messages to these people only: other test files' clients share the database the job reads. */
function mailTo(...users: TestUser[]) {
  const addresses = new Set(users.map((user) => user.email));
  return context.mailbox.filter((message) => addresses.has(message.to));
}

async function listNotices(reminderIds: number[]) {
  return context.database.db
    .select({
      reminderId: billReminderNotices.reminderId,
      occurrenceDate: billReminderNotices.occurrenceDate,
      channel: billReminderNotices.channel,
    })
    .from(billReminderNotices)
    .where(inArray(billReminderNotices.reminderId, reminderIds));
}

describe('the daily bill-reminder job', () => {
  it('e-mails an unpaid bill due within 3 days once, and nothing for the others', async () => {
    const { client } = organization;
    const rent = await createReminder(client, {
      title: 'Aluguel',
      reminder_date: '2026-10-17',
      periodicity: 'MONTHLY',
      amount: 250_000,
    });
    const school = await createReminder(client, {
      title: 'Escola',
      reminder_date: '2026-11-16',
      periodicity: 'MONTHLY',
      user_reminder: false,
    });
    const power = await createReminder(client, { title: 'Luz', reminder_date: '2026-11-15', periodicity: 'MONTHLY' });
    const paidPower = await call(context, 'POST', '/api/transactions/create/', {
      token: client.token,
      payload: { name: 'LUZ ENEL', amount: -18_000, date: '2026-11-12' },
    });
    expect(paidPower.statusCode).toBe(201);
    const later = await createReminder(client, { title: 'IPVA', reminder_date: '2026-11-25', periodicity: 'YEARLY' });
    const [proposal] = await context.database.db
      .insert(billReminders)
      .values({
        organizationId: organization.id,
        clientUserId: client.row.id,
        title: 'NETFLIX.COM',
        reminderDate: '2026-11-16',
        periodicity: 'MONTHLY',
        type: 'RECOMMENDER',
        status: 'PROPOSED',
        merchantKey: 'NETFLIX',
      })
      .returning({ id: billReminders.id });

    await runDailyJob();

    const sent = mailTo(client);
    expect(sent).toHaveLength(1);
    const [message] = sent;
    expect(message?.subject).toBe(`Lembrete: Aluguel vence em 3 dias (17/11/2026) — Organização ${organization.slug}`);
    expect(message?.fromName).toBe(`Organização ${organization.slug}`);
    expect(message?.text).toContain(
      'Sua conta "Aluguel" vence em 3 dias (17/11/2026), no valor de R$ 2.500,00. Ainda não encontramos o pagamento no seu fluxo de caixa.',
    );
    expect(message?.text).toContain(`Ver no Prumo: http://prumo.test/app/${organization.slug}/fluxo-futuro`);
    const ids = [rent, school, power, later, proposal?.id as number];
    expect(await listNotices(ids)).toEqual([{ reminderId: rent, occurrenceDate: '2026-11-17', channel: 'email' }]);

    // Run again, the same day or the next: the same occurrence is not sent twice.
    await runDailyJob();
    vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
    await runDailyJob();
    expect(mailTo(client)).toHaveLength(1);
    expect(await listNotices(ids)).toHaveLength(1);
    vi.setSystemTime(new Date('2026-11-14T12:00:00Z'));
  });

  it('follows the client’s notice settings: without e-mail, no e-mail but the notification in the app', async () => {
    const target = await createTestOrganization(context);
    const { client } = target;
    const settings = await call(context, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { channels: ['in_app'] },
    });
    expect(settings.statusCode).toBe(200);
    const water = await createReminder(client, { title: 'Água', reminder_date: '2026-11-15', periodicity: 'MONTHLY' });
    // Notices only (no tasks) still gets the reminders a client set: they are the client's own notices.
    const { loneClient } = target;
    await call(context, 'PATCH', '/api/notification_settings/', {
      token: loneClient.token,
      payload: { notificationTrigger: 'notices' },
    });
    const gas = await createReminder(loneClient, { title: 'Gás', reminder_date: '2026-11-14', periodicity: 'MONTHLY' });

    await runDailyJob();

    expect(mailTo(client)).toEqual([]);
    expect(await listNotices([water])).toEqual([]);
    // Without e-mail, the bell still tells her, once however often the job runs.
    await runDailyJob();
    const bell = await call(context, 'GET', '/api/notification/', { token: client.token });
    expect(bell.json()).toMatchObject({ count: 1, unread: 1 });
    expect(bell.json().results[0]).toMatchObject({ title: 'Conta a vencer', body: 'Sua conta "Água" vence amanhã.' });
    expect(mailTo(client)).toEqual([]);
    expect(mailTo(loneClient).map((message) => message.subject)).toEqual([
      `Lembrete: Gás vence hoje — Organização ${target.slug}`,
    ]);
    expect(await listNotices([gas])).toHaveLength(1);
  });

  it('sends once when two processes run it at the same time', async () => {
    const target = await createTestOrganization(context);
    const { client } = target;
    const internet = await createReminder(client, {
      title: 'Internet',
      reminder_date: '2026-11-15',
      periodicity: 'MONTHLY',
    });
    const deps = {
      db: context.database.db,
      mailer: { send: async () => {} },
      storage: createDiskStorage(context.dataDir),
      cepLookup: createEmbeddedCepLookup(),
      config: { ...readConfig({}), publicUrl: 'http://prumo.test' },
    };
    const log = { info() {}, error() {} };
    const now = new Date();
    await Promise.all([
      sendDueReminderNotices(deps, context.app.jobs, log, now),
      sendDueReminderNotices(deps, context.app.jobs, log, now),
    ]);
    await context.app.jobs.workDueJobs();
    expect(mailTo(client).map((message) => message.subject)).toEqual([
      `Lembrete: Internet vence amanhã — Organização ${target.slug}`,
    ]);
    expect(await listNotices([internet])).toHaveLength(1);
  });
});
