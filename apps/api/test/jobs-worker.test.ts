import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { killApiProcesses, startApiProcess } from './helpers/api-process';
import { createTestContext, createTestOrganization } from './helpers/test-app';

// `npm run worker` as it runs: its entry in a process of its own, on the run's database.
afterAll(killApiProcesses);

function startWorker(environment: NodeJS.ProcessEnv) {
  const started = startApiProcess('src/jobs/worker.ts', { SMTP_URL: '', RUN_JOBS: '', ...environment });
  return { ...started, output: () => `${started.output().stdout}${started.output().stderr}` };
}

async function waitFor<T>(find: () => Promise<T | undefined>, what: string, seconds = 20): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const found = await find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${what} within ${seconds} s`);
}

describe('npm run worker', () => {
  it('runs the jobs a web process queued, and stops cleanly on SIGTERM', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-worker-test-'));
    const worker = startWorker({ DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir });
    await waitFor(async () => (worker.output().includes('is running jobs') ? true : undefined), 'start');
    // A web process that leaves its jobs to the worker (RUN_JOBS=false), on pg-boss's usual schema.
    const web = await createTestContext({ jobs: { schema: 'pgboss', work: false } });
    const { client, slug } = await createTestOrganization(web);

    const reset = await web.app.inject({
      method: 'POST',
      url: '/api/rest-auth/password/reset/',
      payload: { email: client.email, organization: slug },
    });
    expect(reset.statusCode).toBe(200);

    const mailDirectory = path.join(dataDir, 'mail');
    const [file] = await waitFor(async () => {
      const files = (await readdir(mailDirectory).catch(() => [])).filter((name) => name.endsWith('.eml'));
      return files.length ? files : undefined;
    }, 'e-mail in the worker’s outbox');
    const message = await readFile(path.join(mailDirectory, file as string), 'utf8');
    expect(message).toContain(`To: ${client.email}`);
    expect(message).toContain('redefinir-senha');
    expect(web.mailbox).toEqual([]);
    // The file is written inside the delivery; its log line comes once the delivery is recorded.
    await waitFor(async () => (worker.output().includes('e-mail delivered') ? true : undefined), 'delivery log');
    expect(worker.output()).not.toContain('redefinir-senha');

    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 60_000);

  it('refuses to start on the embedded PostgreSQL, saying why', async () => {
    const worker = startWorker({
      DATABASE_URL: '',
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'prumo-worker-test-')),
    });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('npm run worker needs DATABASE_URL');
  }, 30_000);
});
