/**
 * The morning's Open Finance run over 1,000 connections, each already synced through yesterday
 * (its two years of lines in the client's accounts: 5,000,000 lines in all), as the job runs it in a
 * Prumo process started as `npm start` starts one, which serves a client's cash-flow page to 32
 * connections meanwhile. The connections are made through the simulated bank's pages; their history
 * is the first client's, synced for real and copied to the others.
 * Run: npm run bench:open-banking-daily-sync (BENCH_DATABASE_URL for an external PostgreSQL;
 * BENCH_CONNECTIONS to change the count). Targets: the run ≤ 2 min; the cash-flow page's p99 within
 * its own target (≤ 25 ms) while the run goes.
 */
import { randomBytes } from 'node:crypto';
import { openBankingConnections } from '@prumo/api/src/db/schema';
import type { AppDependencies } from '@prumo/api/src/dependencies';
import { openBankingDailySyncJob, syncConnection } from '@prumo/api/src/modules/open-banking/index';
import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { findCurrentMonth } from '@prumo/domain/budget/target-month';
import { and, eq, gt, sql } from 'drizzle-orm';
import type pg from 'pg';
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';
import { startBenchServers } from './bench-servers';
import { describeLoadAverage, describePageLoad, runLoad } from './measure';

const connectionCount = Number(process.env.BENCH_CONNECTIONS ?? 1_000);
const loadSeconds = 20;
const connections = 32;

/** The table's columns but `id`, `client_user_id` and `origin_id`: what a copy keeps as it is. */
async function listCopiedColumns(pool: pg.Pool, table: string): Promise<string[]> {
  const { rows } = await pool.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and column_name not in ('id', 'client_user_id', 'origin_id')
     order by ordinal_position`,
    [table],
  );
  return rows.map((row) => `"${row.column_name}"`);
}

// The server started below works the jobs and opens the tokens this process sealed: one key for both.
process.env.ENCRYPTION_KEY = randomBytes(32).toString('hex');
const bench = await openBenchApp({ runJobs: false, encryptionKey: process.env.ENCRYPTION_KEY });
try {
  const { db, pool } = bench.database;
  const setupStarted = performance.now();
  const { clients } = await createBenchOrganization(db, 'bench-open-banking-daily', connectionCount);

  const inject = async (
    token: string | null,
    method: 'POST',
    url: string,
    body: { json?: object; form?: Record<string, string>; from?: string },
  ) => {
    const answer = await bench.app.inject({
      method,
      url,
      // Each client from an address of their own, as people at home are: the per-address limits stay on.
      remoteAddress: body.from ?? '127.0.0.1',
      ...(body.form
        ? {
            payload: new URLSearchParams(body.form).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload: body.json, headers: { authorization: `Token ${token}` } }),
    });
    if (answer.statusCode >= 400) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer;
  };

  /** A client's consent through the bank's pages, approved: the connection's id. */
  const connect = async (token: string, index: number): Promise<number> => {
    const started = await inject(token, 'POST', '/api/open-banking/v2/users/consents/', {
      json: { participant_id: 'banco-simulado', permissions: ['ACCOUNTS', 'CREDIT_CARDS'], months: 12 },
      from: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    });
    const request = new URL(started.json().authorization_url).searchParams.get('request') ?? '';
    const bankForm = '/open-finance-simulator/authorize';
    await inject(null, 'POST', bankForm, {
      form: { request, step: 'login', user: 'user-ok', password: 'password-ok' },
    });
    await inject(null, 'POST', bankForm, { form: { request, step: 'code', code: '123456' } });
    const back = await inject(null, 'POST', bankForm, { form: { request, step: 'review', decision: 'authorise' } });
    const bankReturn = Object.fromEntries(new URL(back.headers.location as string).searchParams);
    return (await inject(token, 'POST', '/api/open-banking/v2/users/approve/', { json: bankReturn })).json().id;
  };

  const connectionIds: number[] = [];
  for (const [index, client] of clients.entries()) connectionIds.push(await connect(client.token, index));
  const [firstClient] = clients;
  const [firstConnection] = connectionIds;
  if (!firstClient || firstConnection === undefined) throw new Error('no client');
  // The first client's history for real; the others get a copy of it, account by account.
  // The sync reads and writes through the database and the simulated bank only.
  const deps = { db, config: bench.config } as unknown as AppDependencies;
  await syncConnection(deps, firstConnection);
  const originColumns = await listCopiedColumns(pool, 'origins');
  const lineColumns = await listCopiedColumns(pool, 'transactions');
  const accountColumns = (await listCopiedColumns(pool, 'open_banking_accounts')).filter(
    (column) => column !== '"connection_id"',
  );
  for (const [index, client] of clients.entries()) {
    if (index === 0) continue;
    await pool.query(
      `with copied as (
         insert into origins (client_user_id, ${originColumns.join(', ')})
         select $2, ${originColumns.join(', ')} from origins where client_user_id = $1
         returning id, kind, bank_code, branch, account_number
       ), mapping as (
         select source.id as source_id, copied.id as copy_id
         from origins source join copied using (kind, bank_code, branch, account_number)
         where source.client_user_id = $1
       ), lines as (
         insert into transactions (client_user_id, origin_id, ${lineColumns.join(', ')})
         select $2, mapping.copy_id, ${lineColumns.map((column) => `line.${column}`).join(', ')}
         from transactions line join mapping on mapping.source_id = line.origin_id
         where line.client_user_id = $1
       )
       insert into open_banking_accounts (client_user_id, origin_id, connection_id, ${accountColumns.join(', ')})
       select $2, mapping.copy_id, $3, ${accountColumns.map((column) => `account.${column}`).join(', ')}
       from open_banking_accounts account join mapping on mapping.source_id = account.origin_id
       where account.client_user_id = $1`,
      [firstClient.id, client.id, connectionIds[index]],
    );
  }
  // The morning after: each connection synced through yesterday, nothing waiting.
  const today = findTodayInBrazil(new Date());
  await pool.query('update open_banking_accounts set synced_through = $1', [shiftDay(today, -1)]);
  await db.update(openBankingConnections).set({ syncStatus: 'idle', lastSyncAt: sql`now() - interval '1 day'` });
  await pool.query(`delete from pgboss.job where name = 'open-banking-sync'`);
  await pool.query('analyze');
  await pool.query('checkpoint');
  const { rows: sizes } = await pool.query<{ lines: string }>('select count(*) as lines from transactions');
  console.log(
    `database: ${connectionCount} connections, ${sizes[0]?.lines} lines, built in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
  );

  // One process as npm start runs it: it serves the page and works the jobs.
  const [server] = await startBenchServers(bench.databaseUrl, bench.directory, 1, 4620);
  if (!server) throw new Error('no server');
  const pageUrl = `${server.url}/api/cash-flow/?start=${findCurrentMonth(new Date())}&end=${today}`;
  const describeLoad = (moment: string, result: Awaited<ReturnType<typeof runLoad>>) =>
    describePageLoad('cash-flow page', moment, result, connections);
  try {
    await runLoad(pageUrl, firstClient.token, { connections, seconds: 5 });
    describeLoad('before the run', await runLoad(pageUrl, firstClient.token, { connections, seconds: 10 }));

    const started = new Date();
    const began = performance.now();
    const measuring = runLoad(pageUrl, firstClient.token, { connections, seconds: loadSeconds });
    await bench.app.jobs.send(openBankingDailySyncJob, {});
    let synced = 0;
    while (synced < connectionCount) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(openBankingConnections)
        .where(and(gt(openBankingConnections.lastSyncAt, started), eq(openBankingConnections.syncStatus, 'idle')));
      synced = row?.count ?? 0;
      const failed = await db
        .select({ id: openBankingConnections.id })
        .from(openBankingConnections)
        .where(eq(openBankingConnections.syncStatus, 'failed'));
      if (failed.length > 0) throw new Error(`${failed.length} syncs failed`);
    }
    const seconds = (performance.now() - began) / 1000;
    describeLoad(`during the run (its first ${loadSeconds} s)`, await measuring);
    const { rows: after } = await pool.query<{ lines: string }>('select count(*) as lines from transactions');
    console.log(
      `daily run: ${connectionCount} connections synced in ${seconds.toFixed(1)} s ` +
        `(${((seconds * 1000) / connectionCount).toFixed(0)} ms each), ` +
        `${Number(after[0]?.lines) - Number(sizes[0]?.lines)} lines added; load ${describeLoadAverage()}`,
    );
  } finally {
    await server.stop();
  }
} finally {
  await bench.close();
}
