import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export async function openDatabase(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server drops (a restart, the server stopping first) is discarded by the
  // pool; unheard, its 'error' event would end the process.
  pool.on('error', (error) => console.error(`PostgreSQL dropped an idle connection: ${error.message}`));
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder });
  return { db, pool, close: () => pool.end() };
}

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
