/**
 * cash-flow/ (a page of 25) and cash-flow/summary/ for one client with 100,000 transactions, in a
 * database of 1,000,000, under 32 concurrent connections over real HTTP.
 * Run: npm run bench:cash-flow (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 10);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmUpSeconds = 3;

const runFile = promisify(execFile);
const autocannonBin = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

/** The load comes from another process, so it does not take the server's own CPU time. */
async function runLoad(url: string, token: string, durationSeconds = seconds): Promise<autocannon.Result> {
  const connections = String(Number(process.env.BENCH_CONNECTIONS ?? 32));
  const { stdout } = await runFile(
    autocannonBin,
    ['-c', connections, '-d', String(durationSeconds), '-j', '-H', `authorization=Token ${token}`, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

const bench = await openBenchApp();
try {
  const { organizationId, clients } = await createBenchOrganization(bench.database.db, 'bench-cash-flow', clientCount);
  const started = performance.now();
  for (const client of clients) {
    // Rows made by PostgreSQL itself: two years of lines, a fifth of them uncategorized.
    await bench.database.pool.query(
      `with origin as (
         insert into origins (organization_id, client_user_id, kind, bank_code, branch, account_number)
         values ($1, $2, 'bank_account', '341', '1234', '56789-0') returning id
       ), tree as (
         select array_agg(d.id order by d.id) as description_ids, array_agg(d.category_id order by d.id) as category_ids
         from descriptions d where d.organization_id = $1
       )
       insert into transactions (organization_id, client_user_id, origin_id, date, cash_date, amount_cents, name,
         merchant_key, category_id, description_id, categorized_by, created_from, identity_key)
       select $1, $2, origin.id, day, day, amount, merchant, merchant, category_id, description_id,
         case when category_id is null then null else 'rule'::categorized_by end, 'import', n
       from origin, tree, generate_series(1, $3) as n,
         lateral (select (date '2026-10-31' - (n % 730)) as day,
                         case when n % 10 = 0 then 100000 + (n % 5000) * 10 else -((n * 7919) % 50000) - 100 end as amount,
                         'ESTABELECIMENTO ' || (n % 500) as merchant,
                         case when n % 5 = 0 then null else tree.category_ids[1 + n % array_length(tree.category_ids, 1)] end as category_id,
                         case when n % 5 = 0 then null else tree.description_ids[1 + n % array_length(tree.description_ids, 1)] end as description_id) as line`,
      [organizationId, client.id, linesPerClient],
    );
  }
  // As autovacuum would after an import: statistics, and the visibility map index-only counts rely on.
  await bench.database.pool.query('vacuum analyze transactions');
  // Written to disk now, not by a checkpoint running in the background of the measurements.
  await bench.database.pool.query('checkpoint');
  console.log(
    `${clientCount * linesPerClient} transactions (${clientCount} clients × ${linesPerClient}) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const target = clients[0] as { token: string };
  const calls = [
    ['cash-flow/ (page of 25, one month)', '/api/cash-flow/?start=2026-10-01&end=2026-10-31'],
    ['cash-flow/ (page of 25, a year, page 3)', '/api/cash-flow/?start=2025-11-01&end=2026-10-31&offset=50'],
    ['cash-flow/summary/ (one month)', '/api/cash-flow/summary/?start=2026-10-01&end=2026-10-31'],
    ['cash-flow/summary/ (a year)', '/api/cash-flow/summary/?start=2025-11-01&end=2026-10-31'],
  ] as const;
  for (const [name, callPath] of calls) {
    // Steady state: the first seconds also pay for compiling the code and preparing the statements on
    // every connection (what a first read costs is measured on its own, docs/performance.md).
    await runLoad(`${address}${callPath}`, target.token, warmUpSeconds);
    const result = await runLoad(`${address}${callPath}`, target.token);
    if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
    console.log(
      `${name.padEnd(42)} median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s`,
    );
  }
} finally {
  await bench.close();
}
