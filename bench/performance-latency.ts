/**
 * my-performance/ (Meu desempenho, the default 12 months) for one client with 100,000 transactions
 * over those months, a budget in each of them and an investment with two values, in a database of
 * 1,000,000 transactions; over real HTTP at 32 concurrent connections, after a first (cold) call.
 * Run: npm run bench:performance (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { findCurrentMonth, shiftMonth } from '@prumo/domain/budget/target-month';
import { openBenchApp } from './bench-database';
import { createBenchOrganization, insertBenchBudget, insertBenchLines } from './bench-organization';
import { describeLoadAverage, readDescendantsCpuSeconds, readOwnCpuSeconds, runLoad } from './measure';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 10);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const warmUpSeconds = 3;
const monthCount = 12;

const currentMonth = findCurrentMonth(new Date());
const startMonth = shiftMonth(currentMonth, -(monthCount - 1));
const lastDay = new Date().toISOString().slice(0, 10);

const bench = await openBenchApp();
try {
  const { organizationId, clients } = await createBenchOrganization(
    bench.database.db,
    'bench-performance',
    clientCount,
  );
  await bench.database.pool.query(
    `insert into organization_features (organization_id, code) values ($1, 'my_performance_client'), ($1, 'my_assets_client')`,
    [organizationId],
  );
  const started = performance.now();
  for (const client of clients) {
    await insertBenchLines(bench.database.pool, organizationId, client.id, linesPerClient, { startMonth, lastDay });
  }
  const target = clients[0] as { id: number; token: string };
  // Each of the 12 months plans every expense category and the income categories.
  await insertBenchBudget(bench.database.pool, organizationId, target.id, { startMonth, monthCount });
  // A CDB worth R$ 10.000,00 before the period and R$ 11.000,00 today: the return has both ends.
  await bench.database.pool.query(
    `with investment as (
       insert into investments (organization_id, client_user_id, kind, name, balance_cents)
       values ($1, $2, 'fixed-income', 'CDB', 1100000) returning id
     )
     insert into investment_values (investment_id, date, balance_cents)
     select id, day::date, balance from investment,
       (values ($3::date - 10, 1000000), ($4::date, 1100000)) as points(day, balance)`,
    [organizationId, target.id, startMonth, lastDay],
  );
  // As autovacuum would after an import: statistics, and the visibility map index-only reads rely on.
  await bench.database.pool.query('vacuum analyze');
  console.log(
    `${clientCount * linesPerClient} transactions (${clientCount} clients × ${linesPerClient}, ${startMonth} to ${lastDay}), a budget of ${monthCount} months and an investment made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/my-performance/`;
  // The first call reads everything (no sums kept yet); later ones reuse the future flow's sums.
  const coldStarted = performance.now();
  const cold = await fetch(url, { headers: { authorization: `Token ${target.token}` } });
  if (!cold.ok) throw new Error(`my-performance/: the first call answered ${cold.status}`);
  await cold.json();
  console.log(`my-performance/ first call (nothing kept yet): ${(performance.now() - coldStarted).toFixed(1)} ms`);

  await runLoad(url, target.token, { connections, seconds: warmUpSeconds });
  const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
  const result = await runLoad(url, target.token, { connections, seconds });
  if (result.non2xx > 0) throw new Error(`my-performance/: ${result.non2xx} answers were not 2xx`);
  // What a call costs the machine, whatever else runs on it (PostgreSQL's only when embedded).
  const perCall = (cpuSeconds: number) => ((cpuSeconds * 1000) / result.requests.total).toFixed(2);
  const cpu = `CPU a call: Node ${perCall(readOwnCpuSeconds() - node)} ms, PostgreSQL ${perCall((await readDescendantsCpuSeconds()) - database)} ms`;
  console.log(
    `my-performance/ (12 months) ${connections} connections: median ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ${Math.round(result.requests.average)} req/s  ${cpu}`,
  );
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
