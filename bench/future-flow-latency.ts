/**
 * future-flow/ and future-flow/chart for 36 months of one client with 100,000 transactions over
 * those three years and a full budget (every expense category, and the salary, planned in each of
 * the 36 months), in a database of 1,000,000 transactions; over real HTTP at 1 and at 32
 * concurrent connections.
 * Run: npm run bench:future-flow (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { findCurrentMonth, shiftMonth } from '@prumo/domain/budget/target-month';
import type autocannon from 'autocannon';
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 10);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const monthCount = 36;

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
    // Three years of lines up to today, made by PostgreSQL itself: a fifth uncategorized, one in
    // fifty marked fixed; the account's balance is known, as a statement import leaves it.
    await bench.database.pool.query(
      `with origin as (
         insert into origins (organization_id, client_user_id, kind, bank_code, branch, account_number, balance_cents, balance_date)
         values ($1, $2, 'bank_account', '341', '1234', '56789-0', 1234567, $5::date) returning id
       ), tree as (
         select array_agg(d.id order by d.id) as description_ids, array_agg(d.category_id order by d.id) as category_ids
         from descriptions d where d.organization_id = $1
       )
       insert into transactions (organization_id, client_user_id, origin_id, date, cash_date, amount_cents, name,
         merchant_key, category_id, description_id, categorized_by, created_from, identity_key, is_fixed)
       select $1, $2, origin.id, day, day, amount, merchant, merchant, category_id, description_id,
         case when category_id is null then null else 'rule'::categorized_by end, 'import', n, n % 50 = 0
       from origin, tree, generate_series(1, $3) as n,
         lateral (select ($5::date - (n % ($5::date - $4::date + 1))) as day,
                         case when n % 10 = 0 then 100000 + (n % 5000) * 10 else -((n * 7919) % 50000) - 100 end as amount,
                         'ESTABELECIMENTO ' || (n % 500) as merchant,
                         case when n % 5 = 0 then null else tree.category_ids[1 + n % array_length(tree.category_ids, 1)] end as category_id,
                         case when n % 5 = 0 then null else tree.description_ids[1 + n % array_length(tree.description_ids, 1)] end as description_id) as line`,
      [organizationId, client.id, linesPerClient, startMonth, lastDay],
    );
  }
  const target = clients[0] as { id: number; token: string };
  // The full budget: each of the 36 months plans every expense category and the income categories.
  await bench.database.pool.query(
    `with months as (
       insert into budgets (organization_id, client_user_id, target_month, is_ideal)
       select $1, $2, month::date, false from generate_series($3::date, $3::date + interval '35 months', interval '1 month') as month
       returning id
     )
     insert into budget_items (budget_id, organization_id, client_user_id, category_id, amount_cents)
     select months.id, $1, $2, categories.id, case when categories.kind = 'income' then 900000 else 50000 + categories.id * 100 end
     from months cross join categories
     where categories.organization_id = $1 and categories.kind in ('expense', 'income')`,
    [organizationId, target.id, startMonth],
  );
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
      const result = await runLoad(`${address}${callPath}`, target.token, connections);
      if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} answers were not 2xx`);
      console.log(
        `${name.padEnd(32)} ${String(connections).padStart(2)} connection(s): median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s`,
      );
    }
  }
  console.log(
    `load average (1, 5, 15 min): ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await bench.close();
}
