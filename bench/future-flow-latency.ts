/**
 * future-flow/ and future-flow/chart for 36 months of one client with 100,000 transactions over
 * those three years and a full budget (every expense category, and the salary, planned in each of
 * the 36 months), in a database of 1,000,000 transactions; over real HTTP at 1 and at 32
 * concurrent connections.
 * Run: npm run bench:future-flow (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { findCurrentMonth, shiftMonth } from '@prumo/domain/budget/target-month';
import { openBenchApp } from './bench-database';
import { createBenchOrganization, insertBenchBudget, insertBenchLines } from './bench-organization';
import { describeLoadAverage, readDescendantsCpuSeconds, readOwnCpuSeconds, runLoad } from './measure';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 10);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const monthCount = 36;

const currentMonth = findCurrentMonth(new Date());
const startMonth = shiftMonth(currentMonth, -(monthCount - 1));
const lastDay = new Date().toISOString().slice(0, 10);

const bench = await openBenchApp();
try {
  const { organizationId, clients } = await createBenchOrganization(
    bench.database.db,
    'bench-future-flow',
    clientCount,
  );
  await bench.database.pool.query(
    `insert into organization_features (organization_id, code) values ($1, 'future_flow')`,
    [organizationId],
  );
  const started = performance.now();
  for (const client of clients) {
    await insertBenchLines(bench.database.pool, organizationId, client.id, linesPerClient, { startMonth, lastDay });
  }
  const target = clients[0] as { id: number; token: string };
  // The full budget: each of the 36 months plans every expense category and the income categories.
  await insertBenchBudget(bench.database.pool, organizationId, target.id, { startMonth, monthCount });
  // As autovacuum would after an import: statistics, and the visibility map index-only reads rely on.
  await bench.database.pool.query('vacuum analyze');
  console.log(
    `${clientCount * linesPerClient} transactions (${clientCount} clients × ${linesPerClient}, ${startMonth} to ${lastDay}) and a budget of ${monthCount} months made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const range = `startDate=${startMonth.slice(0, 7)}&endDate=${currentMonth.slice(0, 7)}`;
  const calls = [
    ['future-flow/ (36 months)', `/api/future-flow/?${range}`],
    ['future-flow/chart (36 months)', `/api/future-flow/chart?${range}`],
  ] as const;
  for (const connections of [1, 32]) {
    for (const [name, callPath] of calls) {
      const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
      const result = await runLoad(`${address}${callPath}`, target.token, { connections, seconds });
      if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
      // What a call costs the machine, whatever else runs on it (PostgreSQL's only when embedded).
      const perCall = (seconds: number) => ((seconds * 1000) / result.requests.total).toFixed(2);
      const cpu = `CPU a call: Node ${perCall(readOwnCpuSeconds() - node)} ms, PostgreSQL ${perCall((await readDescendantsCpuSeconds()) - database)} ms`;
      console.log(
        `${name.padEnd(32)} ${String(connections).padStart(2)} connection(s): median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s  ${cpu}`,
      );
    }
  }
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
