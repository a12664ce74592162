/**
 * The scheduled insight run (ADR 41) over every client of a database of 1,000 clients with 1,000
 * lines each (1,000,000 in all, over the 13 months the rules read), each with a known balance and a
 * full budget for the current month, the organization with the future flow on: the run a morning's
 * job makes, timed once on a fresh database (every insight new), then again (nothing new).
 * Meanwhile a Prumo process started as `npm start` starts one serves a client's cash-flow page to
 * 32 connections: its p99 is measured before the run and during the first one, in the same run.
 * Run: npm run bench:insights (BENCH_DATABASE_URL to use an external PostgreSQL; BENCH_CLIENTS,
 * BENCH_TRANSACTIONS per client to change the size). Targets: the run ≤ 60 s; the cash-flow page's
 * p99 at 32 connections within its own target (≤ 25 ms) while the run goes.
 */

import { organizationFeatures } from '@prumo/api/src/db/schema';
import type { AppDependencies } from '@prumo/api/src/dependencies';
import { generateInsights } from '@prumo/api/src/modules/insights/index';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findCurrentMonth, shiftMonth } from '@prumo/domain/budget/target-month';
import { openBenchDatabase } from './bench-database';
import { createBenchOrganization, insertBenchBudget, insertBenchLines } from './bench-organization';
import { startBenchServers } from './bench-servers';
import { describeLoadAverage, describePageLoad, readOwnCpuSeconds, runLoad } from './measure';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1_000);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 1_000);
const connections = 32;
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 20);

const now = new Date();
const currentMonth = findCurrentMonth(now);
const today = findTodayInBrazil(now);

const bench = await openBenchDatabase();
try {
  const { db, pool } = bench.database;
  const buildStarted = performance.now();
  const { organizationId, clients } = await createBenchOrganization(db, 'bench-insights', clientCount);
  await db.insert(organizationFeatures).values([
    { organizationId, code: 'future_flow' },
    { organizationId, code: 'insight' },
  ]);
  for (const client of clients) {
    await insertBenchLines(pool, organizationId, client.id, linesPerClient, {
      startMonth: shiftMonth(currentMonth, -12),
      lastDay: today,
    });
    await insertBenchBudget(pool, organizationId, client.id, { startMonth: currentMonth, monthCount: 1 });
  }
  await pool.query('analyze');
  const buildSeconds = (performance.now() - buildStarted) / 1000;
  console.log(
    `database: ${clientCount} clients × ${linesPerClient} lines = ${clientCount * linesPerClient} in ${buildSeconds.toFixed(0)} s`,
  );

  await pool.query('checkpoint');

  // The page a client opens most, served by its own process while the job runs in this one.
  const [server] = await startBenchServers(bench.databaseUrl, bench.directory, 1, 4610);
  if (!server) throw new Error('no server');
  const target = clients[0] as { token: string };
  const pageUrl = `${server.url}/api/cash-flow/?start=${currentMonth}&end=${today}`;
  const describeLoad = (moment: string, result: Awaited<ReturnType<typeof runLoad>>) =>
    describePageLoad('cash-flow page', moment, result, connections);
  try {
    await runLoad(pageUrl, target.token, { connections, seconds: 5 });
    describeLoad('before the run', await runLoad(pageUrl, target.token, { connections, seconds: 10 }));

    // The job reads and writes through the database only (no mail, no files).
    const deps = { db, config: { dataDir: bench.directory } } as unknown as AppDependencies;
    for (const run of ['first (all new)', 'second (nothing new)']) {
      const cpuBefore = readOwnCpuSeconds();
      const started = performance.now();
      const measuring = run.startsWith('first')
        ? runLoad(pageUrl, target.token, { connections, seconds: loadSeconds })
        : null;
      const result = await generateInsights(deps, now);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${run}: ${result.clients} clients, ${result.added.length} insights added in ${seconds.toFixed(1)} s ` +
          `(process CPU ${(readOwnCpuSeconds() - cpuBefore).toFixed(1)} s; load ${describeLoadAverage()})`,
      );
      if (measuring) describeLoad(`during the first run (its first ${loadSeconds} s)`, await measuring);
    }
  } finally {
    await server.stop();
  }
  const [counts] = (
    await pool.query<{ rule: string; total: string }>(
      'select rule, count(*) as total from insights group by rule order by rule',
    )
  ).rows.reduce<[Record<string, number>]>(
    (all, row) => {
      all[0][row.rule] = Number(row.total);
      return all;
    },
    [{}],
  );
  console.log('insights by rule:', counts);
} finally {
  await bench.close();
}
