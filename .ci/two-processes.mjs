// Two real Prumo processes on one fresh PostgreSQL database and one S3 store (s3rver on loopback),
// as behind a load balancer: what one process does, the other must see.
// Usage: node .ci/two-processes.mjs [report.json]; TEST_DATABASE_URL names the server where it creates its database.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import S3rver from 's3rver';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
const reportFile = process.argv[2];
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const logDirectory = path.join(repositoryRoot, 'test-results', 'two-processes');
const statement = readFileSync(
  path.join(repositoryRoot, '../shared/fixtures/statements/kamino-company__OfxSharp/itau.ofx'),
);
const demoClient = { email: 'cliente@demo.com.br', password: 'Prumo@2026', organization: 'demo' };
const demoPlanner = { email: 'planejador@demo.com.br', password: 'Prumo@2026', organization: 'demo' };

const results = { passed: 0, failed: 0, skipped: 0 };
const cleanups = [];
const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function check(name, body) {
  const startedAt = Date.now();
  try {
    const skipReason = await body();
    if (typeof skipReason === 'string') {
      results.skipped += 1;
      console.log(`  - ${name} (skipped: ${skipReason})`);
    } else {
      results.passed += 1;
      console.log(`  ✓ ${name} (${Date.now() - startedAt} ms)`);
    }
  } catch (error) {
    results.failed += 1;
    console.log(`  ✗ ${name}\n    ${error instanceof Error ? error.message : String(error)}`);
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

async function findFreePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

async function createDatabase() {
  const name = `prumo_two_processes_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const cleaner = new pg.Client({ connectionString: adminUrl });
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleaner.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startS3Store() {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-two-processes-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'prumo' }],
  });
  const { port } = await server.run();
  cleanups.push(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  return `s3://prumo?endpoint=http://127.0.0.1:${port}&region=us-east-1&forcePathStyle=true`;
}

/** `npm start`'s server entry, with its own port and data directory: only the database and the bucket are shared. */
async function startPrumo(name, environment) {
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `prumo-two-processes-${name}-`));
  const log = createWriteStream(path.join(logDirectory, `${name}.log`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, ...environment, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = once(child, 'exit');
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
      if (!stopped) child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  return { name, baseUrl: `http://127.0.0.1:${port}`, child, exited };
}

async function waitUntilHealthy(prumo, seconds = 90) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (prumo.child.exitCode !== null) throw new Error(`${prumo.name} exited (${prumo.child.exitCode}): see its log`);
    const response = await fetch(`${prumo.baseUrl}/api/health/`).catch(() => null);
    if (response?.status === 200) return;
    await sleep(250);
  }
  throw new Error(`${prumo.name} answered no health check in ${seconds} s`);
}

async function request(prumo, method, url, { token, json, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Token ${token}`;
  if (json) headers['content-type'] = 'application/json';
  return fetch(`${prumo.baseUrl}${url}`, { method, headers, body: json ? JSON.stringify(json) : body });
}

async function signIn(prumo, person = demoClient) {
  const response = await request(prumo, 'POST', '/api/rest-auth/login/', { json: person });
  expect(response.status === 200, `sign-in on ${prumo.name} answered ${response.status}`);
  return (await response.json()).key;
}

/**
 * Reads a server-sent-events stream until an event whose data satisfies `wanted` arrives; throws
 * after `milliseconds`. Answers the event's data.
 */
async function readStreamUntil(response, wanted, milliseconds) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  const timer = setTimeout(() => reader.cancel().catch(() => undefined), milliseconds);
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`no such event on the stream within ${milliseconds} ms`);
      buffered += decoder.decode(value, { stream: true });
      let end = buffered.indexOf('\n\n');
      while (end !== -1) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice('data: '.length))
          .join('\n');
        if (data && wanted(JSON.parse(data))) return JSON.parse(data);
        end = buffered.indexOf('\n\n');
      }
    }
  } finally {
    clearTimeout(timer);
    await reader.cancel().catch(() => undefined);
  }
}

async function runSeed(databaseUrl) {
  const seed = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/run-seed.ts'], {
    cwd: repositoryRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = await once(seed, 'exit');
  expect(code === 0, `npm run seed:demo exited ${code}`);
}

async function main() {
  await mkdir(logDirectory, { recursive: true });
  const startedAt = Date.now();
  const databaseUrl = await createDatabase();
  const storageUrl = await startS3Store();
  const shared = {
    DATABASE_URL: databaseUrl,
    STORAGE_URL: storageUrl,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    RUN_JOBS: 'true',
    CLEANUP_CRON: '* * * * *',
    // The per-address limit is what is counted here; the challenge after a few public sends from one
    // address has API tests of its own and would answer 400 before the limit is reached.
    CHALLENGE_FREE_SENDS: '100000',
    // As docs/deployment.md asks: processes that share a database share the key its secrets are encrypted with.
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  console.log('Two Prumo processes on one database and one S3 store');
  // Started together on an empty database: both migrate at once.
  const first = await startPrumo('first', shared);
  const second = await startPrumo('second', shared);

  await check('both start at once on an empty database and answer the health check', async () => {
    await Promise.all([waitUntilHealthy(first), waitUntilHealthy(second)]);
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    const applied = await database.query('select count(*)::int as count from drizzle.__drizzle_migrations');
    // Both started at once, yet the instance has one Web Push key pair, made at start.
    const vapidPairs = await database.query('select count(*)::int as count from push_vapid_keys');
    await database.end();
    expect(vapidPairs.rows[0].count === 1, `${vapidPairs.rows[0].count} VAPID key pairs after the start`);
    const journal = JSON.parse(
      readFileSync(path.join(repositoryRoot, 'apps/api/src/db/migrations/meta/_journal.json'), 'utf8'),
    );
    expect(
      applied.rows[0].count === journal.entries.length,
      `${applied.rows[0].count} migrations recorded, ${journal.entries.length} expected`,
    );
  });
  await runSeed(databaseUrl);

  let token;
  await check('a session opened on one process works on the other', async () => {
    token = await signIn(first);
    const me = await request(second, 'GET', '/api/me/', { token });
    expect(me.status === 200, `GET /api/me/ on the second answered ${me.status}`);
    expect((await me.json()).email === demoClient.email, 'the second process found another user');
  });

  await check('signing out on one process ends the session on the other within seconds', async () => {
    // The second process has just looked the session up: the sign-out must reach it anyway.
    expect((await request(second, 'GET', '/api/me/', { token })).status === 200, 'the session was not open');
    const signOut = await request(first, 'POST', '/api/rest-auth/logout/', { token });
    expect(signOut.status === 200, `sign-out answered ${signOut.status}`);
    const signedOutAt = Date.now();
    while ((await request(second, 'GET', '/api/me/', { token })).status !== 401) {
      expect(Date.now() - signedOutAt < 5_000, 'the second process still accepts the session after 5 s');
      await sleep(100);
    }
    console.log(`    refused on the other process ${Date.now() - signedOutAt} ms after the sign-out`);
  });

  await check('a per-address limit counts the calls made to both processes', async () => {
    const reset = (prumo) =>
      request(prumo, 'POST', '/api/rest-auth/password/reset/', {
        json: { email: demoClient.email, organization: demoClient.organization },
      });
    for (let attempt = 0; attempt < 5; attempt++) {
      for (const prumo of [first, second]) {
        const response = await reset(prumo);
        expect(response.status === 200, `call ${attempt + 1} on ${prumo.name} answered ${response.status}`);
      }
    }
    for (const prumo of [first, second]) {
      const response = await reset(prumo);
      expect(response.status === 429, `the 11th call on ${prumo.name} answered ${response.status}, not 429`);
    }
  });

  await check('a statement uploaded through one process downloads through the other', async () => {
    const uploadToken = await signIn(first);
    const form = new FormData();
    form.append('files', new Blob([statement]), 'itau.ofx');
    const upload = await request(first, 'POST', '/api/upload/', { token: uploadToken, body: form });
    expect(upload.status === 201, `upload answered ${upload.status}: ${await upload.clone().text()}`);
    const [file] = (await upload.json()).files;
    const download = await request(second, 'GET', file.file, { token: uploadToken });
    expect(download.status === 200, `download on the second answered ${download.status}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(statement), 'the bytes downloaded differ from those sent');
  });

  await check('a card tokenized with the gateway keys one process made is saved through the other', async () => {
    const token = await signIn(first);
    // The first process makes the organization's sandbox keys, the secret encrypted with the shared key.
    const gateway = await request(first, 'GET', '/api/payment/org/demo/gateway/');
    expect(gateway.status === 200, `gateway answered ${gateway.status}`);
    const { public_key: publicKey } = await gateway.json();
    const tokenized = await fetch(`${first.baseUrl}/sandbox-gateway/core/v5/tokens?appId=${publicKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'card',
        card: { number: '4000000000000010', holder_name: 'CLIENTE DEMO', exp_month: 12, exp_year: 2035, cvv: '123' },
      }),
    });
    expect(tokenized.status === 200, `tokens answered ${tokenized.status}`);
    const cardToken = (await tokenized.json()).id;
    // The second decrypts that secret to save the card with the gateway.
    const saved = await request(second, 'POST', '/api/payment/card/', {
      token,
      json: { card_token: cardToken, cpf: '529.982.247-25' },
    });
    expect(
      saved.status === 201,
      `saving the card on the second answered ${saved.status}: ${await saved.clone().text()}`,
    );
    expect((await saved.json()).last_four_digits === '0010', 'the saved card is not the one tokenized');
  });

  /** The demo planner leaves the demo client a notice through the first process: its title, and when. */
  async function leaveDemoClientNotice(prefix) {
    const plannerToken = await signIn(first, demoPlanner);
    const clients = await request(first, 'GET', '/api/profiles/clients/?limit=100', { token: plannerToken });
    expect(clients.status === 200, `GET /api/profiles/clients/ answered ${clients.status}`);
    const client = (await clients.json()).results.find((record) => record.user.email === demoClient.email);
    expect(client, 'the demo planner does not advise the demo client');
    const title = `${prefix} ${Date.now()}`;
    const sentAt = Date.now();
    const notice = await request(first, 'POST', '/api/tasks/notification/', {
      token: plannerToken,
      json: { client: client.user.id, title, message: 'Confira o aviso.' },
    });
    expect(notice.status === 201, `POST /api/tasks/notification/ on the first answered ${notice.status}`);
    return { title, sentAt };
  }

  await check('a notification raised through one process reaches a live stream opened on the other', async () => {
    // The client opens her stream on the second process, with a ticket the second gives her.
    const clientToken = await signIn(second);
    const ticket = await request(second, 'POST', '/api/live/ticket/', { token: clientToken });
    expect(ticket.status === 201, `POST /api/live/ticket/ on the second answered ${ticket.status}`);
    const stream = await fetch(
      `${second.baseUrl}/api/live/?ticket=${encodeURIComponent((await ticket.json()).ticket)}`,
    );
    expect(stream.status === 200, `GET /api/live/ on the second answered ${stream.status}`);
    expect(
      stream.headers.get('content-type')?.startsWith('text/event-stream'),
      `the stream is ${stream.headers.get('content-type')}`,
    );
    const heard = readStreamUntil(stream, (event) => event.topic === 'notifications', 15_000);
    // Her planner leaves her a notice through the first process, which raises her notification.
    const { title, sentAt } = await leaveDemoClientNotice('Aviso entre processos');
    await heard;
    console.log(`    heard on the second process ${Date.now() - sentAt} ms after the notice`);
    const own = await request(second, 'GET', '/api/notification/', { token: clientToken });
    expect(own.status === 200, `GET /api/notification/ on the second answered ${own.status}`);
    const [newest] = (await own.json()).results;
    expect(
      newest?.title === 'Novo aviso' && newest.body.startsWith(title),
      `the newest notification is ${JSON.stringify(newest)}`,
    );
  });

  await check(
    'a notification raised through one process appears, without a reload, in a browser on the other',
    async () => {
      // Debian's Chromium, as the e2e uses; the web app is the build npm test made.
      const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
      try {
        const page = await browser.newPage({
          baseURL: second.baseUrl,
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
        });
        await page.goto(`/${demoClient.organization}/login`);
        await page.getByLabel('E-mail', { exact: true }).fill(demoClient.email);
        await page.getByLabel('Senha', { exact: true }).fill(demoClient.password);
        await page.getByRole('button', { name: 'Entrar', exact: true }).click();
        await page.waitForURL(`**/app/${demoClient.organization}/dashboard`, { timeout: 30_000 });
        await page
          .getByRole('banner')
          .getByRole('button', { name: /^Notificações(:|$)/ })
          .click();
        const panel = page.getByRole('dialog', { name: 'Notificações', exact: true });
        await panel.waitFor();

        const { title, sentAt } = await leaveDemoClientNotice('Aviso no navegador');
        // The open bell on the second process shows it, with no reload.
        await panel.getByText(title).first().waitFor({ timeout: 15_000 });
        console.log(`    shown in the browser ${Date.now() - sentAt} ms after the notice`);
      } finally {
        await browser.close();
      }
    },
  );

  await check('a scheduled job runs once, on one of the two processes', async () => {
    const database = new pg.Client({ connectionString: databaseUrl });
    await database.connect();
    try {
      const table = await database.query("select to_regclass('public.job_runs') as name");
      if (!table.rows[0].name) return 'no job_runs table yet: the job runner has not been merged';
      // Ticks from the first whole minute after both processes are up: each has its schedule by then.
      const firstMinute = new Date(Math.ceil((Date.now() + 1_000) / 60_000) * 60_000);
      const findFirstTick = async () =>
        (
          await database.query(
            "select min(scheduled_for) as tick from job_runs where job_name = 'daily-cleanup' and scheduled_for >= $1",
            [firstMinute],
          )
        ).rows[0].tick;
      const deadline = firstMinute.getTime() + 100_000;
      let tick = await findFirstTick();
      while (!tick) {
        expect(Date.now() < deadline, `daily-cleanup never ran from ${firstMinute.toISOString()} on`);
        await sleep(1_000);
        tick = await findFirstTick();
      }
      // A second run of that tick, were there one, would land within moments of the first.
      await sleep(5_000);
      const { rows } = await database.query(
        "select count(*)::int as count from job_runs where job_name = 'daily-cleanup' and scheduled_for = $1",
        [tick],
      );
      expect(rows[0].count === 1, `daily-cleanup scheduled for ${tick.toISOString()} ran ${rows[0].count} times`);
    } finally {
      await database.end();
    }
  });

  for (const prumo of [first, second]) {
    expect(prumo.child.exitCode === null, `${prumo.name} exited during the checks`);
  }
  console.log(
    `  (${Math.round((Date.now() - startedAt) / 1000)} s; logs in ${path.relative(repositoryRoot, logDirectory)})`,
  );
}

try {
  await main();
} catch (error) {
  results.failed += 1;
  console.log(`  ✗ ${error instanceof Error ? error.message : String(error)}`);
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
}
if (reportFile) {
  writeFileSync(
    reportFile,
    JSON.stringify({
      numPassedTests: results.passed,
      numFailedTests: results.failed,
      numPendingTests: results.skipped,
    }),
  );
}
console.log(`two-processes: ${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exitCode = results.failed > 0 ? 1 : 0;
