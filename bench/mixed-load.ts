/**
 * Mixed load: 100 simulated people, each signed in as their own client, for 60 s against real Prumo
 * processes (BENCH_PROCESSES, 1 by default, sharing one PostgreSQL; requests go round-robin, as a
 * load balancer would send them). Each person makes a call, waits for its answer, pauses 1 s, and
 * again: 40% cash-flow pages, 25% summaries, 20% future flows, 5% charts, 10% small uploads.
 * Every client has 10,000 lines over 36 months (1,000,000 in the database) and a full budget.
 * Reports errors, median and p99 per kind of call, and each server's memory (RSS).
 * Run: npm run bench:mixed-load (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { findCurrentMonth, findMonthBounds, shiftMonth } from '@prumo/domain/budget/target-month';
import { openBenchDatabase } from './bench-database';
import { createBenchOrganization, insertBenchLines } from './bench-organization';
import { startBenchServers } from './bench-servers';
import { generateOfx } from './generate-ofx';
import {
  describeLoadAverage,
  readDescendantsCpuSeconds,
  readProcessCpuSeconds,
  summarizeMilliseconds,
} from './measure';

const userCount = Number(process.env.BENCH_USERS ?? 100);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const processCount = Number(process.env.BENCH_PROCESSES ?? 1);
const pauseMilliseconds = 1_000;
const monthCount = 36;

type CallKind = 'cash-flow page' | 'summary' | 'future flow' | 'chart' | 'upload';
const mix: [CallKind, number][] = [
  ['cash-flow page', 0.4],
  ['summary', 0.25],
  ['future flow', 0.2],
  ['chart', 0.05],
  ['upload', 0.1],
];
const chartNames = ['cash-flow', 'cash-flow-value', 'description', 'category', 'types'];

const currentMonth = findCurrentMonth(new Date());
const startMonth = shiftMonth(currentMonth, -(monthCount - 1));
const today = new Date().toISOString().slice(0, 10);

/** Deterministic choices, so two runs make the same calls. */
function createRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function pickKind(draw: number): CallKind {
  let total = 0;
  for (const [kind, share] of mix) {
    total += share;
    if (draw < total) return kind;
  }
  return 'upload';
}

/** A month of the last year, or the whole year, as the cash-flow screens ask for them. */
function pickPeriod(random: () => number): string {
  if (random() < 0.25) return `start=${shiftMonth(currentMonth, -11)}&end=${today}`;
  const month = shiftMonth(currentMonth, -Math.floor(random() * 12));
  return `start=${month}&end=${findMonthBounds(month).end}`;
}

function buildUpload(random: () => number): { body: Buffer; contentType: string } {
  // A few dozen new lines of the last weeks, into the client's account.
  const file = generateOfx(20 + Math.floor(random() * 30), {
    seed: Math.floor(random() * 2_000_000_000),
    endDate: today,
  });
  const boundary = `bench-${Math.floor(random() * 1e9)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="extrato.ofx"\r\nContent-Type: application/x-ofx\r\n\r\n`,
    ),
    Buffer.from(file, 'latin1'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

interface Sample {
  kind: CallKind;
  milliseconds: number;
  ok: boolean;
  detail?: string;
}

async function makeCall(baseUrl: string, token: string, kind: CallKind, random: () => number): Promise<Sample> {
  const headers: Record<string, string> = { authorization: `Token ${token}` };
  const range = `startDate=${startMonth.slice(0, 7)}&endDate=${currentMonth.slice(0, 7)}`;
  let url: string;
  let init: RequestInit = { headers };
  if (kind === 'cash-flow page') url = `/api/cash-flow/?${pickPeriod(random)}&offset=${25 * Math.floor(random() * 3)}`;
  else if (kind === 'summary') url = `/api/cash-flow/summary/?${pickPeriod(random)}`;
  else if (kind === 'future flow') url = `/api/future-flow/?${range}`;
  else if (kind === 'chart') {
    url = `/api/chart-data/${chartNames[Math.floor(random() * chartNames.length)]}/?${pickPeriod(random)}`;
  } else {
    const upload = buildUpload(random);
    url = '/api/upload/';
    init = { method: 'POST', headers: { ...headers, 'content-type': upload.contentType }, body: upload.body };
  }
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}${url}`, init);
    const text = await response.text();
    const milliseconds = performance.now() - started;
    return response.ok
      ? { kind, milliseconds, ok: true }
      : { kind, milliseconds, ok: false, detail: `${response.status} ${url} ${text.slice(0, 200)}` };
  } catch (error) {
    return { kind, milliseconds: performance.now() - started, ok: false, detail: `${url} ${String(error)}` };
  }
}

/** Waits until no job is due or running (pg-boss's own table); false when `limitMilliseconds` passes first. */
async function waitForQueuedJobs(pool: import('pg').Pool, limitMilliseconds: number): Promise<boolean> {
  const deadline = performance.now() + limitMilliseconds;
  while (performance.now() < deadline) {
    const { rows } = await pool.query<{ count: number }>(
      `select count(*)::int as count from pgboss.job
       where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
    );
    if (rows[0]?.count === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

const bench = await openBenchDatabase();
const servers: Awaited<ReturnType<typeof startBenchServers>> = [];
try {
  const { db, pool } = bench.database;
  const { organizationId, clients } = await createBenchOrganization(db, 'bench-mixed-load', userCount);
  await pool.query(`insert into organization_features (organization_id, code) values ($1, 'future_flow')`, [
    organizationId,
  ]);
  const started = performance.now();
  for (const client of clients) {
    await insertBenchLines(pool, organizationId, client.id, linesPerClient, { startMonth, lastDay: today });
  }
  await pool.query(
    `with months as (
       insert into budgets (organization_id, client_user_id, target_month, is_ideal)
       select $1, client_id, month::date, false
       from unnest($2::int[]) as client_id,
         generate_series($3::date, $3::date + interval '35 months', interval '1 month') as month
       returning id, client_user_id
     )
     insert into budget_items (budget_id, organization_id, client_user_id, category_id, amount_cents)
     select months.id, $1, months.client_user_id, categories.id,
       case when categories.kind = 'income' then 900000 else 50000 + categories.id * 100 end
     from months cross join categories
     where categories.organization_id = $1 and categories.kind in ('expense', 'income')`,
    [organizationId, clients.map((client) => client.id), startMonth],
  );
  await pool.query('vacuum analyze');
  await pool.query('checkpoint');
  console.log(
    `${userCount * linesPerClient} transactions (${userCount} clients × ${linesPerClient}) and ${userCount} budgets of ${monthCount} months made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  servers.push(...(await startBenchServers(bench.databaseUrl, bench.directory, processCount, 3900)));
  const idleMemory = await Promise.all(servers.map((server) => server.readMemory()));
  let nextServer = 0;
  const chooseServer = () => {
    const server = servers[nextServer % servers.length];
    nextServer++;
    return server?.url as string;
  };

  // Warm-up, unmeasured: every person makes each kind of call once (first compilations, prepared statements).
  await Promise.all(
    clients.map(async (client, index) => {
      const random = createRandom(1_000 + index);
      for (const [kind] of mix) await makeCall(chooseServer(), client.token, kind, random);
    }),
  );

  // The warm-up's uploads queued their clients' insight runs: they belong to the warm-up, so the
  // measured minute starts once they are worked (its own uploads queue and work theirs inside it).
  const warmUpDrained = await waitForQueuedJobs(pool, 120_000);
  console.log(`warm-up's queued jobs ${warmUpDrained ? 'worked' : 'still queued after 120 s'}`);

  const peakMemory = [...idleMemory];
  const sampling = setInterval(async () => {
    const now = await Promise.all(servers.map((server) => server.readMemory()));
    now.forEach((bytes, index) => {
      peakMemory[index] = Math.max(peakMemory[index] ?? 0, bytes);
    });
  }, 250);
  const samples: Sample[] = [];
  const cpuBefore = await Promise.all(servers.map((server) => readProcessCpuSeconds(server.pid)));
  // Everything else on the two cores: the database (every descendant but the servers) and the people themselves.
  const descendantsCpuBefore = await readDescendantsCpuSeconds();
  const peopleCpuBefore = process.cpuUsage();
  const deadline = performance.now() + seconds * 1000;
  const loadStarted = performance.now();
  await Promise.all(
    clients.map(async (client, index) => {
      const random = createRandom(index + 1);
      // People do not all arrive in the same millisecond.
      await new Promise((resolve) => setTimeout(resolve, random() * pauseMilliseconds));
      while (performance.now() < deadline) {
        samples.push(await makeCall(chooseServer(), client.token, pickKind(random()), random));
        await new Promise((resolve) => setTimeout(resolve, pauseMilliseconds));
      }
    }),
  );
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  clearInterval(sampling);
  const endMemory = await Promise.all(servers.map((server) => server.readMemory()));
  const cpuSpent = await Promise.all(
    servers.map(async (server, index) => (await readProcessCpuSeconds(server.pid)) - (cpuBefore[index] ?? 0)),
  );

  const peopleCpu = process.cpuUsage(peopleCpuBefore);
  const databaseCpuSeconds =
    (await readDescendantsCpuSeconds()) - descendantsCpuBefore - cpuSpent.reduce((sum, spent) => sum + spent, 0);
  const errors = samples.filter((sample) => !sample.ok);
  console.log(
    `${processCount} process(es), ${userCount} people, ${loadSeconds.toFixed(0)} s: ${samples.length} calls (${(samples.length / loadSeconds).toFixed(0)} a second), ${errors.length} errors`,
  );
  for (const error of errors.slice(0, 5)) console.log(`  error: ${error.kind} ${error.detail}`);
  for (const kind of [...mix.map(([name]) => name), 'all'] as const) {
    const times = samples
      .filter((sample) => sample.ok && (kind === 'all' || sample.kind === kind))
      .map((sample) => sample.milliseconds);
    const { median, p99 } = summarizeMilliseconds(times);
    console.log(
      `${kind.padEnd(16)} ${String(times.length).padStart(5)} calls  median ${median.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(6)} ms`,
    );
  }
  const megabytes = (bytes: number | undefined) => `${Math.round((bytes ?? 0) / 1_048_576)} MB`;
  servers.forEach((server, index) => {
    console.log(
      `server ${index + 1} (pid ${server.pid}) RSS: idle ${megabytes(idleMemory[index])}, peak ${megabytes(peakMemory[index])}, end ${megabytes(endMemory[index])}; CPU ${(cpuSpent[index] ?? 0).toFixed(1)} s (${(((cpuSpent[index] ?? 0) / loadSeconds) * 100).toFixed(0)} % of a core)`,
    );
  });
  // An external server's processes are not this one's children: their CPU cannot be read here.
  const databaseCpu = process.env.BENCH_DATABASE_URL
    ? 'not measured (an external server)'
    : `${databaseCpuSeconds.toFixed(1)} s (${((databaseCpuSeconds / loadSeconds) * 100).toFixed(0)} % of a core)`;
  console.log(
    `PostgreSQL CPU ${databaseCpu}; the people's own ${((peopleCpu.user + peopleCpu.system) / 1e6).toFixed(1)} s`,
  );
  console.log(describeLoadAverage());
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  await bench.close();
}
