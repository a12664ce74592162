import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { type Database, processSessionName } from '../db/database';

/**
 * Sessions of other Prumo processes (the web processes beside a worker) running a query now or
 * having finished one in the last `recentMilliseconds`: people being served. A session of another
 * database user shows no state and is not counted.
 */
export async function countSessionsServingPeople(db: Database, recentMilliseconds = 100): Promise<number> {
  const result = await db.execute<{ serving: number }>(sql`
    select count(*)::int as serving from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'
      and application_name <> ${processSessionName}
      and (state = 'active' or (state = 'idle' and state_change > now() - make_interval(secs => ${recentMilliseconds / 1000})))`);
  return result.rows[0]?.serving ?? 0;
}

/**
 * People's calls this process is serving: a process that both serves and runs the background work
 * (the default) cannot tell its own sessions apart in pg_stat_activity, so it counts its calls.
 * Times are the monotonic clock's: a clock set back (or frozen in a test) cannot keep a call recent.
 */
const servedHere = { inFlight: 0, lastEndedAt: Number.NEGATIVE_INFINITY };

export function markPersonCallStarted(): void {
  servedHere.inFlight += 1;
}

export function markPersonCallEnded(now = performance.now()): void {
  servedHere.inFlight = Math.max(0, servedHere.inFlight - 1);
  servedHere.lastEndedAt = now;
}

/** Calls in flight in this process, plus one when the last ended within `recentMilliseconds`. */
export function countPeopleServedHere(recentMilliseconds = 100, now = performance.now()): number {
  return servedHere.inFlight + (now - servedHere.lastEndedAt < recentMilliseconds ? 1 : 0);
}

/** People served by this process or by the others sharing the database. */
export async function countPeopleServed(db: Database): Promise<number> {
  return countPeopleServedHere() || countSessionsServingPeople(db);
}

export interface YieldOptions {
  /** How often the database is looked at again while people are served. */
  stepMilliseconds: number;
  /** The longest wait at one point, so a database that never rests still sees the work end. */
  maxMilliseconds: number;
}

/**
 * Between two pieces of a long background run: waits while people are being served (by this process
 * or another), so their pages do not queue behind the run, up to `maxMilliseconds`. Answers how
 * long it waited.
 */
export async function waitWhilePeopleAreServed(
  countServing: () => Promise<number>,
  options: YieldOptions,
): Promise<number> {
  let waited = 0;
  while (waited < options.maxMilliseconds && (await countServing()) > 0) {
    await sleep(options.stepMilliseconds);
    waited += options.stepMilliseconds;
  }
  return waited;
}
