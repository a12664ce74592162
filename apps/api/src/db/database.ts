import { hostname } from 'node:os';
import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

/** The pool beside it (`$client`) serves what takes plain SQL (the per-address limits' store). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

/**
 * Names this process's sessions in `pg_stat_activity`: an operator sees which machine and process
 * runs a query, and a background run tells people's sessions (other processes) from its own.
 */
export const processSessionName = `prumo ${hostname()} ${process.pid}`.slice(0, 63);

function openPool(options: pg.PoolConfig, onDroppedConnection: (error: Error) => void) {
  const pool = new pg.Pool({ max: 10, application_name: processSessionName, ...options });
  // An idle connection the server drops (a restart, the server stopping first) is discarded by the
  // pool; unheard, its 'error' event would end the process.
  pool.on('error', onDroppedConnection);
  return pool;
}

const plannedOnceDatabases = new WeakMap<Database, Database>();

/**
 * Where to prepare a statement that runs on every call of a busy screen (ADR 9): connections on
 * which PostgreSQL plans a prepared statement once, for any values. On the others it plans a
 * statement again at every execution whenever its generic plan looks costlier, which for the
 * cash-flow page cost more than running it. Only statements whose best plan does not depend on the
 * values belong there. A database not opened by `openDatabase` is its own.
 */
export function findPlannedOnceDatabase(db: Database): Database {
  return plannedOnceDatabases.get(db) ?? db;
}

/** Any number: it names the lock Prumo's processes take to migrate, in every database. */
const migrationLockId = 0x7072756d6f;

/**
 * Several processes may start on one database at once: each waits for the others' migrations
 * under one advisory lock, then finds them applied and runs none.
 */
async function migrateOnce(pool: pg.Pool, db: Database): Promise<void> {
  const lockHolder = await pool.connect();
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [migrationLockId]);
    await migrate(db, { migrationsFolder });
  } finally {
    // A connection that cannot unlock is closed instead, which ends its lock too.
    const unlockFailure = await lockHolder.query('select pg_advisory_unlock($1)', [migrationLockId]).then(
      () => undefined,
      (error: Error) => error,
    );
    lockHolder.release(unlockFailure);
  }
}

export async function openDatabase(connectionString: string): Promise<DatabaseHandle> {
  let closing = false;
  // Ending a pool only starts closing its connections: a server stopped right after may still drop
  // some, which is no news then.
  const reportDroppedConnection = (error: Error) => {
    if (!closing) console.error(`PostgreSQL dropped an idle connection: ${error.message}`);
  };
  const pool = openPool({ connectionString }, reportDroppedConnection);
  const plannedOncePool = openPool(
    { connectionString, options: '-c plan_cache_mode=force_generic_plan' },
    reportDroppedConnection,
  );
  const db = drizzle(pool, { schema });
  plannedOnceDatabases.set(db, drizzle(plannedOncePool, { schema }));
  await migrateOnce(pool, db);
  return {
    db,
    pool,
    close: async () => {
      closing = true;
      await Promise.all([pool.end(), plannedOncePool.end()]);
    },
  };
}

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
