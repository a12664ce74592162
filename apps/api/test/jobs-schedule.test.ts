import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobRuns } from '../src/db/schema';
import { findTickAtOrBefore } from '../src/jobs/job-runner';
import { clientInsightsJob } from '../src/modules/insights/index';
import { openBankingSyncJob } from '../src/modules/open-banking/index';
import { createTestContext, createTestOrganization } from './helpers/test-app';

/**
 * Two working processes on one new pg-boss schema, the cleanup scheduled every minute and looked
 * at every second by both; `runsOfThisTest` picks the cleanup's runs on them (other scheduled jobs
 * may tick meanwhile).
 */
async function startTwoCleanupRunners(clocks?: [() => number, () => number]) {
  const schema = `jobs_test_${randomBytes(6).toString('hex')}`;
  const runnerId = randomBytes(4).toString('hex');
  const startRunner = (name: string, now?: () => number) =>
    createTestContext({
      environment: { CLEANUP_CRON: '* * * * *' },
      jobs: {
        schema,
        work: true,
        processId: `${name}-${runnerId}`,
        cronMonitorIntervalSeconds: 1,
        pollingIntervalSeconds: 0.5,
        ...(now && { now }),
      },
    });
  const [first, second] = await Promise.all([startRunner('first', clocks?.[0]), startRunner('second', clocks?.[1])]);
  const runsOfThisTest = sql`${jobRuns.processId} like ${`%-${runnerId}`} and ${jobRuns.jobName} = 'daily-cleanup'`;
  return { first, second, runsOfThisTest };
}

describe('a scheduled job', () => {
  it('runs once per tick when two processes keep the same schedule', async () => {
    // Each would send the tick each second if the database did not keep one job per tick.
    const { first, second, runsOfThisTest } = await startTwoCleanupRunners();
    const { db } = first.database;

    const startedAt = Date.now();
    let runs: (typeof jobRuns.$inferSelect)[] = [];
    while (runs.length === 0 && Date.now() - startedAt < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      runs = await db.select().from(jobRuns).where(runsOfThisTest);
    }
    // Both keep looking for a few more seconds: no second run of the same tick may appear.
    await new Promise((resolve) => setTimeout(resolve, 4000));
    runs = await db.select().from(jobRuns).where(runsOfThisTest);

    expect(runs.length).toBeGreaterThanOrEqual(1);
    const ticks = runs.map((run) => run.scheduledFor?.toISOString());
    expect(new Set(ticks).size).toBe(runs.length);
    for (const run of runs) {
      expect(run.jobName).toBe('daily-cleanup');
      expect(run.scheduledFor?.getUTCSeconds()).toBe(0);
      expect(run.finishedAt.getTime()).toBeGreaterThanOrEqual(run.startedAt.getTime());
    }
    const [tick] = ticks;
    const [{ count } = { count: 0 }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobRuns)
      .where(sql`${jobRuns.jobName} = 'daily-cleanup' and ${jobRuns.scheduledFor} = ${tick} and ${runsOfThisTest}`);
    expect(count).toBe(1);
    expect(second.app.jobs.processId).not.toBe(first.app.jobs.processId);
    expect(await db.select().from(jobRuns).where(eq(jobRuns.processId, 'nobody'))).toEqual([]);
  }, 40_000);

  it('sent in the last moment of its minute, is recorded under its own tick, and the next tick runs too', async () => {
    // 09:07 in São Paulo: of the app's schedules only the every-minute ones tick then.
    const minute = Date.parse('2026-12-04T12:07:00Z');
    let clock = minute + 59_900;
    // The second's clock is 50 ms behind the first's: both still send 12:07's tick.
    const { first, runsOfThisTest } = await startTwoCleanupRunners([() => clock, () => clock - 50]);
    const { db } = first.database;
    const waitForRuns = async (count: number) => {
      const startedAt = Date.now();
      let runs: (typeof jobRuns.$inferSelect)[] = [];
      while (runs.length < count && Date.now() - startedAt < 15_000) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        runs = await db.select().from(jobRuns).where(runsOfThisTest);
      }
      return runs;
    };
    expect(await waitForRuns(1)).toHaveLength(1);
    // The next minute begins: its tick is a job of its own, whichever process sends it first.
    clock = minute + 60_100;
    await waitForRuns(2);
    // Both keep looking a few more seconds: neither tick runs again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const runs = await db.select().from(jobRuns).where(runsOfThisTest);
    expect(runs.map((run) => run.scheduledFor?.toISOString()).sort()).toEqual([
      '2026-12-04T12:07:00.000Z',
      '2026-12-04T12:08:00.000Z',
    ]);
  }, 40_000);

  it('is no longer kept in pg-boss’s own cron, where an earlier version’s process would send it again', async () => {
    const schema = `jobs_test_${randomBytes(6).toString('hex')}`;
    const earlier = await createTestContext({ jobs: { schema, work: false } });
    const { pool } = earlier.database;
    // As the earlier version left it: the cleanup in pg-boss's schedule table.
    await pool.query(
      `insert into ${schema}.schedule (name, cron, timezone, data, options) values ('daily-cleanup', '30 3 * * *', 'America/Sao_Paulo', '{}', '{}')`,
    );
    await createTestContext({ jobs: { schema, work: true } });
    const { rows } = await pool.query(`select name from ${schema}.schedule`);
    expect(rows).toEqual([]);
  });

  it('is recorded under the tick it was sent for, in Brazilian time', () => {
    const nightly = { cron: '30 3 * * *', timeZone: 'America/Sao_Paulo' };
    // 03:30 in São Paulo is 06:30 UTC; a job created a few seconds later belongs to that tick.
    expect(findTickAtOrBefore(nightly, new Date('2026-11-24T06:30:04Z')).toISOString()).toBe(
      '2026-11-24T06:30:00.000Z',
    );
    expect(findTickAtOrBefore(nightly, new Date('2026-11-24T06:30:00Z')).toISOString()).toBe(
      '2026-11-24T06:30:00.000Z',
    );
    expect(findTickAtOrBefore(nightly, new Date('2026-11-24T06:29:59Z')).toISOString()).toBe(
      '2026-11-23T06:30:00.000Z',
    );
  });
});

describe('a queue of jobs', () => {
  it('is worked one job after another, not one a polling interval', async () => {
    const schema = `jobs_test_${randomBytes(6).toString('hex')}`;
    // Sent by a process that does not work jobs, before the worker starts: nothing tells the worker of them.
    const sender = await createTestContext({ jobs: { schema, work: false } });
    const connectionIds = [990_001, 990_002, 990_003, 990_004];
    for (const connectionId of connectionIds) await sender.app.jobs.send(openBankingSyncJob, { connectionId });
    // A minute between looks: without being told of the next job, the worker would take three minutes.
    await createTestContext({ jobs: { schema, work: true, pollingIntervalSeconds: 60 } });
    const countCompleted = async () => {
      const { rows } = await sender.database.pool.query<{ count: number }>(
        `select count(*)::int as count from ${schema}.job where name = $1 and state = 'completed'`,
        [openBankingSyncJob.name],
      );
      return rows[0]?.count ?? 0;
    };
    await vi.waitFor(async () => expect(await countCompleted()).toBe(connectionIds.length), {
      timeout: 20_000,
      interval: 250,
    });
  }, 40_000);
});

describe('a debounced job', () => {
  it('runs after every send even when a process whose clock is ahead ran the next window early', async () => {
    const schema = `jobs_test_${randomBytes(6).toString('hex')}`;
    // Two processes sending a client's insight runs; the second's clock is a window (a minute) ahead.
    const onTime = await createTestContext({ jobs: { schema, work: false } });
    const ahead = await createTestContext({ jobs: { schema, work: false, now: () => Date.now() + 60_000 } });
    const organization = await createTestOrganization(onTime);
    const data = { clientUserId: organization.client.row.id };
    const countWaiting = async () => {
      const { rows } = await onTime.database.pool.query<{ count: number }>(
        `select count(*)::int as count from ${schema}.job
          where name = $1 and state = 'created' and data->>'clientUserId' = $2`,
        [clientInsightsJob.name, String(data.clientUserId)],
      );
      return rows[0]?.count ?? 0;
    };

    // An import on time: its window's run, at once.
    expect(await onTime.app.jobs.send(clientInsightsJob, data)).not.toBeNull();
    await onTime.app.jobs.workDueJobs();
    // One where the clock is ahead: to it, the next window has opened, and it runs that window's job now.
    expect(await ahead.app.jobs.send(clientInsightsJob, data)).not.toBeNull();
    await ahead.app.jobs.workDueJobs();
    expect(await countWaiting()).toBe(0);
    // Another import on time: the next window's job has run already, before it; a later run waits for it.
    expect(await onTime.app.jobs.send(clientInsightsJob, data)).not.toBeNull();
    expect(await countWaiting()).toBe(1);
    // A further send in the same window adds nothing: that run will see it too.
    await onTime.app.jobs.send(clientInsightsJob, data);
    expect(await countWaiting()).toBe(1);
  }, 40_000);
});
