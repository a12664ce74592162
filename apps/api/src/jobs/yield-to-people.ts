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

export interface YieldOptions {
  /** How often the database is looked at again while people are served. */
  stepMilliseconds: number;
  /** The longest wait at one point, so a database that never rests still sees the work end. */
  maxMilliseconds: number;
}

/**
 * Between two pieces of a long background run: waits while other processes are serving people, so
 * their pages do not queue behind the run, up to `maxMilliseconds`. Answers how long it waited.
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
