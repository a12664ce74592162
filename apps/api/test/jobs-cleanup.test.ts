import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, importBundles, jobRuns, oneTimeTokens, outgoingEmails } from '../src/db/schema';
import { dailyCleanupJob } from '../src/jobs/daily-cleanup';
import { insertStatementFileRow, writeFileChangedAt } from './helpers/kept-statements';
import { createTestContext, createTestOrganization } from './helpers/test-app';

const context = await createTestContext({ jobs: { processId: 'cleanup-test' } });
const hour = 60 * 60 * 1000;
const day = 24 * hour;
const ago = (milliseconds: number) => new Date(Date.now() - milliseconds);

describe('the daily cleanup', () => {
  it('removes orphans and dead tokens, keeps everything still in use, and records its run', async () => {
    const { db } = context.database;
    const organization = await createTestOrganization(context);
    const owner = { organizationId: organization.id, clientUserId: organization.client.row.id };
    const userId = organization.client.row.id;

    const [emptyBundle, recentEmptyBundle, bundleWithFile] = await db
      .insert(importBundles)
      .values([
        { ...owner, createdAt: ago(2 * hour) },
        { ...owner, createdAt: ago(10 * 60 * 1000) },
        { ...owner, createdAt: ago(2 * hour) },
      ])
      .returning({ id: importBundles.id });
    const statements = path.join(context.dataDir, 'private', 'statements');
    await mkdir(statements, { recursive: true });
    await writeFileChangedAt(statements, 'aaaaaaaaaaaaaaaaaaaaaaaa.ofx', ago(2 * hour));
    await writeFileChangedAt(statements, 'bbbbbbbbbbbbbbbbbbbbbbbb.ofx', ago(2 * hour));
    await writeFileChangedAt(statements, 'cccccccccccccccccccccccc.ofx', ago(60 * 1000));
    await insertStatementFileRow(db, owner, bundleWithFile?.id as number, 'statements/aaaaaaaaaaaaaaaaaaaaaaaa.ofx');
    const uploads = path.join(context.dataDir, 'tmp', 'uploads');
    await mkdir(uploads, { recursive: true });
    await writeFileChangedAt(uploads, 'upload-of-a-dead-request', ago(2 * hour));
    await writeFileChangedAt(uploads, 'upload-in-flight', ago(60 * 1000));

    const sessions = await db
      .insert(authTokens)
      .values([
        { userId, keyHash: `dead-${organization.slug}`, expiresAt: ago(8 * day) },
        { userId, keyHash: `recently-expired-${organization.slug}`, expiresAt: ago(2 * day) },
      ])
      .returning({ id: authTokens.id });
    const links = await db
      .insert(oneTimeTokens)
      .values([
        { userId, purpose: 'password_reset', tokenHash: `expired-${organization.slug}`, expiresAt: ago(8 * day) },
        {
          userId,
          purpose: 'fast_access',
          tokenHash: `used-${organization.slug}`,
          expiresAt: ago(-day),
          usedAt: ago(8 * day),
        },
        { userId, purpose: 'email_confirmation', tokenHash: `live-${organization.slug}`, expiresAt: ago(-day) },
      ])
      .returning({ id: oneTimeTokens.id });
    const emailOf = (id: string, createdAt: Date) => ({
      id,
      recipient: organization.client.email,
      fromName: 'Prumo',
      subject: 'Assunto',
      textBody: 'Olá',
      htmlBody: '<p>Olá</p>',
      createdAt,
    });
    const undelivered = crypto.randomUUID();
    const waiting = crypto.randomUUID();
    await db.insert(outgoingEmails).values([emailOf(undelivered, ago(2 * day)), emailOf(waiting, ago(60 * 1000))]);

    await context.app.jobs.send(dailyCleanupJob, {});
    expect(await context.app.jobs.workDueJobs()).toBe(1);

    const bundleIds = [emptyBundle, recentEmptyBundle, bundleWithFile].map((bundle) => bundle?.id as number);
    const bundlesLeft = await db
      .select({ id: importBundles.id })
      .from(importBundles)
      .where(inArray(importBundles.id, bundleIds));
    expect(bundlesLeft.map((bundle) => bundle.id).sort()).toEqual(bundleIds.slice(1).sort());
    expect((await readdir(statements)).sort()).toEqual([
      'aaaaaaaaaaaaaaaaaaaaaaaa.ofx',
      'cccccccccccccccccccccccc.ofx',
    ]);
    expect(await readdir(uploads)).toEqual(['upload-in-flight']);
    const sessionsLeft = await db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(
        inArray(
          authTokens.id,
          sessions.map((session) => session.id),
        ),
      );
    expect(sessionsLeft).toEqual([{ id: sessions[1]?.id }]);
    // The users' own sessions (valid) stay.
    expect(await db.select().from(authTokens).where(eq(authTokens.userId, organization.planner.row.id))).toHaveLength(
      1,
    );
    const linksLeft = await db
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(
        inArray(
          oneTimeTokens.id,
          links.map((link) => link.id),
        ),
      );
    expect(linksLeft).toEqual([{ id: links[2]?.id }]);
    const emailsLeft = await db
      .select({ id: outgoingEmails.id })
      .from(outgoingEmails)
      .where(inArray(outgoingEmails.id, [undelivered, waiting]));
    expect(emailsLeft).toEqual([{ id: waiting }]);

    // Sent by hand, the run is recorded without a tick of the schedule.
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.processId, 'cleanup-test'));
    expect(runs).toEqual([
      expect.objectContaining({
        jobName: 'daily-cleanup',
        scheduledFor: null,
        finishedAt: expect.any(Date),
      }),
    ]);
  });
});
