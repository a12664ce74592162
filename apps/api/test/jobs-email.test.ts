import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEmbeddedCepLookup } from '../src/adapters/cep-lookup/embedded-cep-lookup';
import { createDiskStorage } from '../src/adapters/file-storage';
import type { Mailer, MailMessage } from '../src/adapters/mailer';
import { readConfig } from '../src/config';
import { outgoingEmails } from '../src/db/schema';
import { emailDeliveryJob } from '../src/jobs/email-delivery';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

interface QueuedDelivery {
  state: string;
  /** Retries started so far (0 after the first try). */
  retryCount: number;
  /** Seconds from now until the next try. */
  waitSeconds: number;
}

async function readDeliveries(context: TestContext): Promise<QueuedDelivery[]> {
  const result = await context.database.db.execute(
    sql.raw(`SELECT state::text AS state, retry_count AS "retryCount",
      extract(epoch FROM start_after - now())::float AS "waitSeconds"
      FROM ${context.jobsSchema}.job WHERE name = 'send-email' ORDER BY created_on`),
  );
  return result.rows as unknown as QueuedDelivery[];
}

/** The delay before a retry has passed: the waiting deliveries are due now. */
async function skipRetryDelay(context: TestContext): Promise<void> {
  await context.database.db.execute(
    sql.raw(`UPDATE ${context.jobsSchema}.job SET start_after = now() WHERE name = 'send-email' AND state = 'retry'`),
  );
}

describe('e-mail goes out through a job', () => {
  it('retries a failing mail server with a growing delay, then delivers the message once', async () => {
    const logLines: string[] = [];
    const context = await createTestContext({ failingDeliveries: 2, logLines });
    const { client, slug } = await createTestOrganization(context);

    const reset = await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: client.email, organization: slug },
    });
    // The request does not wait for, nor fail with, the mail server.
    expect(reset.statusCode).toBe(200);
    expect(context.mailbox).toEqual([]);
    const [first] = await readDeliveries(context);
    expect(first).toMatchObject({ state: 'retry', retryCount: 0 });
    expect(first?.waitSeconds).toBeGreaterThan(10);
    expect(first?.waitSeconds).toBeLessThanOrEqual(30);
    // Not due yet: nothing is tried again before the delay.
    expect(await context.app.jobs.workDueJobs()).toBe(0);

    await skipRetryDelay(context);
    await context.app.jobs.workDueJobs();
    const [second] = await readDeliveries(context);
    expect(second).toMatchObject({ state: 'retry', retryCount: 1 });
    expect(second?.waitSeconds).toBeGreaterThan(25);
    expect(second?.waitSeconds).toBeLessThanOrEqual(60);

    await skipRetryDelay(context);
    await context.app.jobs.workDueJobs();
    expect(context.mailbox.map((mail) => [mail.to, mail.subject])).toEqual([[client.email, expect.any(String)]]);
    expect((await readDeliveries(context)).map((delivery) => delivery.state)).toEqual(['completed']);
    await skipRetryDelay(context);
    expect(await context.app.jobs.workDueJobs()).toBe(0);
    expect(context.mailbox).toHaveLength(1);

    // The body, with its live reset link, is neither kept once delivered nor written anywhere else.
    const link = /(http:\/\/prumo\.test\/\S+)/.exec(context.mailbox[0]?.text ?? '')?.[1] as string;
    expect(link).toContain('/redefinir-senha/');
    const token = link.split('/').at(-1) as string;
    expect(
      await context.database.db.select().from(outgoingEmails).where(eq(outgoingEmails.recipient, client.email)),
    ).toEqual([]);
    const queued = await context.database.db.execute(
      sql.raw(`SELECT data::text AS data FROM ${context.jobsSchema}.job`),
    );
    expect(JSON.stringify(queued.rows)).not.toContain(token);
    const log = logLines.join('');
    expect(log).toContain('job failed');
    expect(log).toContain('ECONNREFUSED');
    expect(log).toContain('e-mail delivered');
    expect(log).not.toContain(token);
  });

  it('delivers each message once when two processes work the same queue', async () => {
    const web = await createTestContext();
    const other = await createTestContext({ jobs: { schema: web.jobsSchema } });
    const organization = await createTestOrganization(web);
    const recipients = [organization.client, organization.loneClient, organization.planner, organization.manager];
    for (const user of recipients) {
      const response = await web.app.inject({
        method: 'POST',
        url: '/api/rest-auth/access-link/',
        payload: { email: user.email, organization: organization.slug },
      });
      expect(response.statusCode).toBe(200);
    }

    await Promise.all([web.app.jobs.workDueJobs(), other.app.jobs.workDueJobs()]);

    const delivered = [...web.mailbox, ...other.mailbox].map((mail) => mail.to).sort();
    expect(delivered).toEqual(recipients.map((user) => user.email).sort());
  });

  it('sends nothing on a second try of a message already delivered', async () => {
    const context = await createTestContext();
    const sent: MailMessage[] = [];
    const transport: Mailer = {
      async send(message) {
        sent.push(message);
      },
    };
    const messageId = randomUUID();
    await context.database.db.insert(outgoingEmails).values({
      id: messageId,
      recipient: 'alguem@exemplo.com.br',
      fromName: 'Prumo',
      subject: 'Assunto',
      textBody: 'Olá',
      htmlBody: '<p>Olá</p>',
    });
    const deps = {
      db: context.database.db,
      mailer: transport,
      storage: createDiskStorage(context.dataDir),
      cepLookup: createEmbeddedCepLookup(),
      config: readConfig({}),
    };
    const jobContext = {
      deps,
      jobId: randomUUID(),
      attempt: 1,
      processId: 'test',
      log: { info() {}, error() {} },
      jobs: context.app.jobs,
    };

    await emailDeliveryJob.handle({ messageId }, jobContext);
    await emailDeliveryJob.handle({ messageId }, { ...jobContext, attempt: 2 });

    expect(sent.map((message) => message.to)).toEqual(['alguem@exemplo.com.br']);
  });
});
