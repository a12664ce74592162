import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { startEmbeddedServer } from '../src/db/embedded-server';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One fresh database for the run: on the server TEST_DATABASE_URL names (a new database beside
 * its own, dropped at the end), or on an embedded PostgreSQL in a temporary directory.
 */
export default async function setup(project: TestProject) {
  const externalUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string;
  let tearDown: () => Promise<void>;
  if (externalUrl) {
    const databaseName = `prumo_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: externalUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${databaseName}`);
    await admin.end();
    const url = new URL(externalUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    tearDown = async () => {
      const cleaner = new pg.Client({ connectionString: externalUrl });
      await cleaner.connect();
      await cleaner.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await cleaner.end();
    };
  } else {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-test-'));
    // The server may run as another system user (when tests run as root): let it reach its directory.
    await chmod(directory, 0o755);
    const server = await startEmbeddedServer(path.join(directory, 'pg'), (line) => console.log(line));
    await server.createDatabaseIfMissing('prumo_test');
    databaseUrl = server.connectionStringFor('prumo_test');
    tearDown = async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    };
  }
  const migrated = await openDatabase(databaseUrl);
  await migrated.close();
  project.provide('databaseUrl', databaseUrl);
  return tearDown;
}
