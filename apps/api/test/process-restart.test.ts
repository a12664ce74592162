import { readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiProcess, killApiProcesses, startApiProcess } from './helpers/api-process';

// The real server as `npm start` runs it (without the web build), killed the way a crash kills it.
const directories: string[] = [];

afterAll(async () => {
  killApiProcesses();
  // A failed test must not leave a PostgreSQL running on the machine.
  for (const directory of directories) {
    try {
      const pid = readPostmasterPid(path.join(directory, 'missing', 'data'));
      process.kill(pid, 'SIGINT');
      for (let waited = 0; waited < 100 && isAlive(pid); waited += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } catch {
      // None left.
    }
    await rm(directory, { recursive: true, force: true });
  }
});

type Started = ApiProcess;

function startPrumo(dataDir: string, port: number, entry = 'src/server.ts'): Started {
  return startApiProcess(entry, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    SMTP_URL: '',
  });
}

async function waitUntilAnswering(started: Started, port: number): Promise<void> {
  let hasExited = false;
  void started.exited.then(() => {
    hasExited = true;
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && !hasExited) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`Prumo did not answer: ${started.output().stderr}`);
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function createParent() {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'prumo-process-test-'));
  directories.push(parent);
  // As root PostgreSQL runs as the 'postgres' user, which must pass through the temporary folder.
  await chmod(parent, 0o755);
  return parent;
}

const readPostmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** What a person reads: exactly one line on stderr, no stack trace. */
function expectOneLine(stderr: string, pattern: RegExp) {
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

describe('Prumo’s process on its data directory', () => {
  it('starts again after kill -9, stopping the PostgreSQL the killed one left; a second one is refused while it runs', async () => {
    // Under a folder that does not exist yet (as e2e's data/e2e): as root the PostgreSQL user must pass through it.
    const dataDir = path.join(await createParent(), 'missing', 'data');
    const port = await findFreePort();
    const first = startPrumo(dataDir, port);
    await waitUntilAnswering(first, port);
    const firstPostgres = readPostmasterPid(dataDir);

    const second = startPrumo(dataDir, await findFreePort());
    expect(await second.exited).toBe(1);
    expectOneLine(
      second.output().stderr,
      new RegExp(`^Prumo is already running on ${dataDir} \\(PID ${first.child.pid}\\): stop it first`),
    );

    // npm start says so before building the web app, which would delete the files the first one serves.
    const secondNpmStart = startPrumo(dataDir, await findFreePort(), 'src/start.ts');
    expect(await secondNpmStart.exited).toBe(1);
    expectOneLine(secondNpmStart.output().stderr, /^Prumo is already running on /);
    expect(secondNpmStart.output().stdout).toBe('');

    // So does `npm run seed:demo`, which would otherwise take the running one's PostgreSQL for a leftover.
    const seed = startPrumo(dataDir, await findFreePort(), 'src/db/seed/run-seed.ts');
    expect(await seed.exited).toBe(1);
    expectOneLine(seed.output().stderr, /^Prumo is already running on /);
    expect(isAlive(firstPostgres)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    // What a crash leaves: the server keeps running on the directory.
    expect(isAlive(firstPostgres)).toBe(true);

    const restarted = startPrumo(dataDir, port);
    await waitUntilAnswering(restarted, port);
    expect(isAlive(firstPostgres)).toBe(false);
    const restartedPostgres = readPostmasterPid(dataDir);
    expect(restartedPostgres).not.toBe(firstPostgres);
    expect((await fetch(`http://127.0.0.1:${port}/api/`)).status).toBeLessThan(500);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
    expect(isAlive(restartedPostgres)).toBe(false);
    // The request log (written off the event loop) is all out once the process has stopped.
    expect(restarted.output().stdout).toMatch(/"msg":"request completed"/);
  }, 180_000);

  it('says in one line that a file stands where the data directory should be', async () => {
    const dataDir = path.join(await createParent(), 'data');
    await writeFile(dataDir, 'not a directory');
    const started = startPrumo(dataDir, await findFreePort());
    expect(await started.exited).toBe(1);
    expectOneLine(
      started.output().stderr,
      new RegExp(`^Prumo cannot use the data directory ${dataDir}: a file stands where a directory should be`),
    );
  }, 60_000);

  it('says in one line, without hanging, that the data directory cannot be created where it was asked', async () => {
    // /proc answers ENOENT to every mkdir: Node's recursive mkdir retried that for ever.
    const dataDir = `/proc/prumo-${process.pid}/data`;
    const started = startPrumo(dataDir, await findFreePort());
    expect(await started.exited).toBe(1);
    expectOneLine(
      started.output().stderr,
      new RegExp(`^Prumo cannot use the data directory ${dataDir}: it cannot be created there`),
    );
  }, 60_000);

  it('says in one line that the data directory lies behind a folder it cannot enter', async () => {
    const closed = path.join(await createParent(), 'closed');
    await mkdir(closed, { mode: 0o700 });
    // Root enters anything, but the PostgreSQL user cannot; another user cannot enter at all.
    if (os.userInfo().uid !== 0) await chmod(closed, 0o000);
    const dataDir = path.join(closed, 'data');
    const started = startPrumo(dataDir, await findFreePort());
    const code = await started.exited;
    await chmod(closed, 0o700);
    expect(code).toBe(1);
    expectOneLine(
      started.output().stderr,
      os.userInfo().uid === 0
        ? new RegExp(`^The embedded PostgreSQL runs as the system user 'postgres', which cannot enter ${closed}:`)
        : new RegExp(`^Prumo cannot use the data directory ${dataDir}: permission denied`),
    );
  }, 60_000);
});
