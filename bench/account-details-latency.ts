/**
 * my-assets/account-details/ (each account's balance month by month) and my-assets/account/ for one
 * client with 100,000 lines over three years, in a database of 1,000,000; over real HTTP at 1 and at
 * 32 concurrent connections.
 * Run: npm run bench:account-details (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { findCurrentMonth, shiftMonth } from '@prumo/domain/budget/target-month';
import type autocannon from 'autocannon';
import { openBenchApp } from './bench-database';
import { createBenchOrganization, insertBenchLines } from './bench-organization';
import { describeLoadAverage, readDescendantsCpuSeconds, readOwnCpuSeconds } from './measure';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 10);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const runFile = promisify(execFile);
const autocannonBin = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

/** The load comes from another process, so it does not take the server's own CPU time. */
async function runLoad(url: string, token: string, connections: number): Promise<autocannon.Result> {
  const { stdout } = await runFile(
    autocannonBin,
    ['-c', String(connections), '-d', String(seconds), '-j', '-H', `authorization=Token ${token}`, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

const startMonth = shiftMonth(findCurrentMonth(new Date()), -35);
const lastDay = new Date().toISOString().slice(0, 10);

const bench = await openBenchApp();
try {
  const { organizationId, clients } = await createBenchOrganization(bench.database.db, 'bench-accounts', clientCount);
  const started = performance.now();
  for (const client of clients) {
    await insertBenchLines(bench.database.pool, organizationId, client.id, linesPerClient, { startMonth, lastDay });
  }
  const target = clients[0] as { id: number; token: string };
  // As autovacuum would after an import: statistics, and the visibility map index-only reads rely on.
  await bench.database.pool.query('vacuum analyze');
  console.log(
    `${clientCount * linesPerClient} transactions (${clientCount} clients × ${linesPerClient}, ${startMonth} to ${lastDay}) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const calls = [
    ['my-assets/account-details/', '/api/my-assets/account-details/'],
    ['my-assets/account/', '/api/my-assets/account/'],
  ] as const;
  for (const connections of [1, 32]) {
    for (const [name, callPath] of calls) {
      const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
      const result = await runLoad(`${address}${callPath}`, target.token, connections);
      if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
      // What a call costs the machine, whatever else runs on it (PostgreSQL's only when embedded).
      const perCall = (seconds: number) => ((seconds * 1000) / result.requests.total).toFixed(2);
      const cpu = `CPU a call: Node ${perCall(readOwnCpuSeconds() - node)} ms, PostgreSQL ${perCall((await readDescendantsCpuSeconds()) - database)} ms`;
      console.log(
        `${name.padEnd(28)} ${String(connections).padStart(2)} connection(s): median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s  ${cpu}`,
      );
    }
  }
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
