import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEmbeddedCepLookup } from '@prumo/api/src/adapters/cep-lookup/embedded-cep-lookup';
import { createDiskStorage } from '@prumo/api/src/adapters/file-storage';
import type { Mailer } from '@prumo/api/src/adapters/mailer';
import { buildApp } from '@prumo/api/src/app';
import { readConfig } from '@prumo/api/src/config';
import { openDatabase } from '@prumo/api/src/db/database';
import { startEmbeddedServer } from '@prumo/api/src/db/embedded-server';
import { createStatementReaderPool } from '@prumo/statement-readers/statement-reader-pool';
import pg from 'pg';

/**
 * A fresh, migrated database for a benchmark: a new database on BENCH_DATABASE_URL's server, or an
 * embedded PostgreSQL in a temporary directory (which also holds the benchmark's files).
 */
export async function openBenchDatabase() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-bench-'));
  await chmod(directory, 0o755);
  const externalUrl = process.env.BENCH_DATABASE_URL;
  let databaseUrl: string;
  let stopServer = async () => {};
  if (externalUrl) {
    const name = `prumo_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: externalUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(externalUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    stopServer = async () => {
      const cleaner = new pg.Client({ connectionString: externalUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleaner.end();
    };
  } else {
    const server = await startEmbeddedServer(path.join(directory, 'pg'), () => {});
    await server.createDatabaseIfMissing('prumo_bench');
    databaseUrl = server.connectionStringFor('prumo_bench');
    stopServer = () => server.stop();
  }
  const database = await openDatabase(databaseUrl);
  return {
    directory,
    databaseUrl,
    database,
    async close() {
      await database.close();
      await stopServer();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** A fresh database (see `openBenchDatabase`) and the real app on it, in this process. */
export async function openBenchApp(options: { runJobs?: boolean; encryptionKey?: string } = {}) {
  const bench = await openBenchDatabase();
  const mailer: Mailer = { send: async () => {} };
  // runJobs false: this process only sends jobs, a server started beside it works them (and reads
  // the secrets this one sealed with the same ENCRYPTION_KEY).
  const environment = options.encryptionKey ? { ENCRYPTION_KEY: options.encryptionKey } : {};
  const config = { ...readConfig(environment), dataDir: bench.directory, runJobs: options.runJobs ?? true };
  const app = await buildApp(
    {
      db: bench.database.db,
      mailer,
      storage: createDiskStorage(path.join(bench.directory, 'media')),
      cepLookup: createEmbeddedCepLookup(),
      config,
    },
    // As the server starts it: a statement reader already loaded.
    { statementReader: createStatementReaderPool({ readyWorkers: 1 }) },
  );
  return {
    app,
    database: bench.database,
    databaseUrl: bench.databaseUrl,
    directory: bench.directory,
    config,
    async close() {
      await app.close();
      await bench.close();
    },
  };
}
