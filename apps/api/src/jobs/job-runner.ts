import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import cronParser from 'cron-parser';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import { jobsTimeZone } from '../config';
import type { Database } from '../db/database';
import { jobRuns } from '../db/schema';
import type { AppDependencies } from '../dependencies';
import type { JobDefinition, JobLog } from './define-job';

export interface JobRunnerOptions {
  /** What handlers get; `deps.mailer` is the real transport. */
  deps: AppDependencies;
  /**
   * Whether this process runs the jobs and keeps their schedules (every working process sends each
   * due tick under the tick's own id, so the database keeps one job per tick). Otherwise it only
   * sends them.
   */
  work: boolean;
  log: JobLog;
  /** pg-boss's own schema (its tables live apart from Prumo's). Tests give each app its own. */
  schema?: string;
  /** Names this process in `job_runs`; the host and PID unless given. */
  processId?: string;
  /** How often an idle queue is asked for work. */
  pollingIntervalSeconds?: number;
  /** How often this process looks whether a schedule is due (under a minute, so no tick is missed). */
  cronMonitorIntervalSeconds?: number;
  /** The clock ticks and debounced jobs' windows are read off (milliseconds); tests set one process's ahead. */
  now?: () => number;
}

export interface SendOptions {
  /** The job's id (a UUID): sending a second job with the same id adds nothing. */
  id?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface JobRunner {
  readonly processId: string;
  /** Creates the queues (and, when working, the schedules) of the jobs, then works them if asked. */
  start(): Promise<void>;
  /** The job's id; null when a job with the id asked for was sent already. */
  send<Data>(job: JobDefinition<Data>, data: Data, options?: SendOptions): Promise<string | null>;
  /** Runs every job due now in this process, until none is left; tests await it instead of polling. */
  workDueJobs(): Promise<number>;
  /** Waits for the jobs running here to end (failing any still running after 10 s), then stops. */
  stop(): Promise<void>;
}

// biome-ignore lint/suspicious/noExplicitAny: the runner holds jobs of every data shape.
type AnyJob = JobDefinition<any>;

/** The latest tick of `cron` at or before `moment`. */
export function findTickAtOrBefore(schedule: { cron: string; timeZone: string }, moment: Date): Date {
  return cronParser
    .parseExpression(schedule.cron, { tz: schedule.timeZone, currentDate: new Date(moment.getTime() + 1) })
    .prev()
    .toDate();
}

/**
 * A debounced job (JobDefinition.debounce): one job per key and window, its id derived from both.
 * A send runs the window's job now when the window has none yet; otherwise it makes the next
 * window's job, which starts as that window opens (and which later sends then find made). Each key
 * has windows of its own, shifted by a moment the key chooses: with a hundred clients importing,
 * fixed windows (pg-boss's `sendDebounced`) started a hundred runs in the same second.
 * A window's job that is already running or done cannot see what this send follows (another
 * process, its clock ahead, took the window for its own): the send goes on to a later window, so
 * every send is followed by a run that starts after it.
 * `madeWindows` is what this process already made (the latest window per name and key): a send
 * that finds the next window's job made by itself has nothing to ask the database.
 */
async function sendDebounced(
  boss: PgBoss,
  madeWindows: Map<string, number>,
  job: { name: string; windowSeconds: number; key: string },
  data: object,
  options: PgBoss.SendOptions,
  now: number,
): Promise<string | null> {
  const { key } = job;
  const windowMilliseconds = job.windowSeconds * 1000;
  const shift = createHash('sha1').update(`${job.name}\n${key}`).digest().readUInt32BE(0) % windowMilliseconds;
  const window = Math.floor((now - shift) / windowMilliseconds);
  const idOf = (windowNumber: number) => createNameBasedUuid(`${job.name}\n${key}\n${windowNumber}`);
  const madeKey = `${job.name}\n${key}`;
  const made = madeWindows.get(madeKey) ?? Number.NEGATIVE_INFINITY;
  if (made > window) return idOf(made);
  // The window's job: a send made earlier (here or elsewhere) that has not started yet will see this one.
  const sendOrFindWaiting = async (windowNumber: number, sendOptions: PgBoss.SendOptions) => {
    const id = idOf(windowNumber);
    if (await boss.send(job.name, data, { ...options, ...sendOptions, id })) return id;
    const existing = await boss.getJobById(job.name, id);
    return existing?.state === 'created' || existing?.state === 'retry' ? id : null;
  };
  if (made < window) {
    const current = await sendOrFindWaiting(window, {});
    if (current) {
      rememberWindow(madeWindows, madeKey, window);
      return current;
    }
  }
  // Bounded: only a clock far ahead could have run more than the next window or two.
  for (let next = window + 1; next <= window + 10; next += 1) {
    const opensAt = next * windowMilliseconds + shift;
    const id = await sendOrFindWaiting(next, { startAfter: Math.max(1, Math.ceil((opensAt - now) / 1000)) });
    if (id) {
      rememberWindow(madeWindows, madeKey, next);
      return id;
    }
  }
  return null;
}

/**
 * A tick is sent during the minute after it (as pg-boss's own cron did): a process started later
 * than that does not run a tick it missed, and a schedule can tick at most once a minute.
 */
const tickSendingMilliseconds = 60_000;

/** The data a scheduled job is sent with: the tick it serves, which its `job_runs` row records. */
const ScheduledJobDataSchema = z.object({ scheduledFor: z.iso.datetime() });

/** Bounded: a process sending for many keys forgets them all at once rather than grow without end. */
function rememberWindow(madeWindows: Map<string, number>, madeKey: string, window: number): void {
  if (madeWindows.size >= 50_000) madeWindows.clear();
  madeWindows.set(madeKey, window);
}

/** A version-5 (name-based, SHA-1) UUID of `name`: the same name, the same id, in any process. */
function createNameBasedUuid(name: string): string {
  const bytes = createHash('sha1').update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createJobRunner(jobs: AnyJob[], options: JobRunnerOptions): JobRunner {
  const { deps } = options;
  const schema = options.schema ?? 'pgboss';
  const processId = options.processId ?? `${hostname()}:${process.pid}`;
  // openDatabase's databases stand on a pg pool (drizzle keeps it as `$client`).
  const pool = (deps.db as Database & { $client: pg.Pool }).$client;
  const cronMonitorIntervalSeconds = options.cronMonitorIntervalSeconds ?? 30;
  const madeWindows = new Map<string, number>();
  const readNow = options.now ?? Date.now;
  const schedules = new Map(
    jobs.flatMap((job) =>
      job.schedule ? [[job.name, { cron: job.schedule(deps.config), timeZone: jobsTimeZone }]] : [],
    ),
  ) as Map<string, { cron: string; timeZone: string }>;
  const boss = new PgBoss({
    // pg-boss runs on the app's own connection pool: no second pool per process.
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema,
    // pg-boss's upkeep (expiring stuck jobs, archiving) runs where jobs run. Its cron is not used:
    // it sends a tick through a queue of its own, so the job knows neither its tick nor, when that
    // queue is worked after the next minute begins, which tick it is (two runs seemed one tick's).
    schedule: false,
    supervise: options.work,
  });
  // Unheard, an 'error' event would end the process; pg-boss retries what failed by itself.
  boss.on('error', (error) => options.log.error({ error: error.message }, 'job queue error'));
  const workerIds = new Map<string, string>();
  let started = false;
  let tickTimer: NodeJS.Timeout | undefined;

  /** Sends each schedule's latest tick, if recent, under an id of its own: one job per tick however many processes send it. */
  async function sendDueTicks(): Promise<void> {
    const now = readNow();
    for (const job of jobs) {
      const schedule = schedules.get(job.name);
      if (!schedule) continue;
      const tick = findTickAtOrBefore(schedule, new Date(now));
      if (now - tick.getTime() >= tickSendingMilliseconds) continue;
      const id = createNameBasedUuid(`${job.name}\ntick\n${tick.toISOString()}`);
      if (await boss.send(job.name, { scheduledFor: tick.toISOString() }, { ...sendOptionsOf(job), id })) {
        const workerId = workerIds.get(job.name);
        if (workerId) boss.notifyWorker(workerId);
      }
    }
  }

  async function runJob(job: AnyJob, queued: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const startedAt = new Date();
    const context = {
      deps,
      jobId: queued.id,
      attempt: queued.retryCount + 1,
      processId,
      log: options.log,
      jobs: runner,
    };
    try {
      await job.handle(job.schema.parse(queued.data), context);
    } catch (error) {
      // The message only: a job's data (an e-mail's links) never reaches the log.
      options.log.error(
        { job: job.name, jobId: queued.id, attempt: context.attempt, error: (error as Error).message },
        'job failed',
      );
      throw error;
    }
    if (schedules.has(job.name)) {
      // A run sent by hand (a renewal for one subscription) serves no tick.
      const tick = ScheduledJobDataSchema.safeParse(queued.data);
      await deps.db.insert(jobRuns).values({
        jobName: job.name,
        scheduledFor: tick.success ? new Date(tick.data.scheduledFor) : null,
        processId,
        startedAt,
        finishedAt: new Date(),
      });
    }
  }

  const runner: JobRunner = {
    processId,
    async start() {
      await holdStartLock(pool, schema, async () => {
        await boss.start();
        started = true;
        for (const job of jobs) {
          await boss.createQueue(job.name);
        }
        // Schedules an earlier version kept in pg-boss's own cron: while a process of that version
        // still runs (a rolling deploy), it would send the same ticks a second time.
        for (const stored of await boss.getSchedules()) {
          await boss.unschedule(stored.name);
        }
      });
      if (!options.work) return;
      for (const job of jobs) {
        const workerId = await boss.work<unknown>(
          job.name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 },
          async ([queued]) => {
            try {
              if (queued) await runJob(job, queued);
            } finally {
              // pg-boss waits out the polling interval after each job unless told of another: without
              // this, jobs sent by another process (or by a job that has stopped sending) run one per
              // interval (1,000 syncs took 2 s each). An empty queue still waits: nothing calls here.
              const workerId = workerIds.get(job.name);
              if (workerId) boss.notifyWorker(workerId);
            }
          },
        );
        workerIds.set(job.name, workerId);
      }
      const sendDueTicksLogged = () =>
        sendDueTicks().catch((error: Error) => options.log.error({ error: error.message }, 'scheduled jobs not sent'));
      await sendDueTicksLogged();
      tickTimer = setInterval(sendDueTicksLogged, cronMonitorIntervalSeconds * 1000);
    },
    async send(job, data, sendOptions = {}) {
      const parsed = job.schema.parse(data);
      const bossOptions = {
        ...sendOptionsOf(job),
        ...(sendOptions.id && { id: sendOptions.id }),
        ...(sendOptions.startAfterSeconds && { startAfter: sendOptions.startAfterSeconds }),
      };
      const id = job.debounce
        ? await sendDebounced(
            boss,
            madeWindows,
            { name: job.name, windowSeconds: job.debounce.seconds, key: job.debounce.key(parsed) },
            parsed as object,
            bossOptions,
            readNow(),
          )
        : await boss.send(job.name, parsed as object, bossOptions);
      // A job sent where it also runs starts now, not at the next poll.
      const workerId = workerIds.get(job.name);
      if (workerId) boss.notifyWorker(workerId);
      return id;
    },
    async workDueJobs() {
      let worked = 0;
      for (let found = true; found; ) {
        found = false;
        for (const job of jobs) {
          const due = await boss.fetch<unknown>(job.name, { batchSize: 20, includeMetadata: true });
          for (const queued of due) {
            found = true;
            worked += 1;
            try {
              await runJob(job, queued);
              await boss.complete(job.name, queued.id);
            } catch (error) {
              await boss.fail(job.name, queued.id, { message: (error as Error).message });
            }
          }
        }
      }
      return worked;
    },
    async stop() {
      if (!started) return;
      started = false;
      clearInterval(tickTimer);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
    },
  };
  return runner;
}

/**
 * Runs `work` while no other Prumo process starts its jobs on this database. pg-boss creates its
 * schema and queues with statements that fail or deadlock when two processes run them at once on a
 * new database (measured: a duplicate schema, then a deadlock between two queue creations).
 */
async function holdStartLock(pool: pg.Pool, schema: string, work: () => Promise<void>): Promise<void> {
  const client = await pool.connect();
  const key = `prumo-jobs-start:${schema}`;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    try {
      await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    }
  } finally {
    client.release();
  }
}

function sendOptionsOf(job: AnyJob): PgBoss.SendOptions {
  return {
    retryLimit: job.retry.limit,
    retryDelay: job.retry.delaySeconds,
    retryBackoff: job.retry.backoff,
    expireInSeconds: job.expireInSeconds,
  };
}
