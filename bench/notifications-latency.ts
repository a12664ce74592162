/**
 * GET notification/ (the bell: a client's newest notifications, with the unread count) and, for a
 * planner, GET notifications/ (about their clients), on the benchmark organization (1,000 clients
 * with 1,000 lines each, 20 planners) where every client has 200 notifications and every planner 10
 * about each of their clients (240,000 in all, a third unread); over real HTTP at 1 and at 32
 * connections.
 * Run: npm run bench:notifications (BENCH_DATABASE_URL to use an external PostgreSQL; BENCH_CLIENTS,
 * BENCH_TRANSACTIONS per client, BENCH_PLANNERS, BENCH_SECONDS to change the size).
 */

import { createAdvisedOrganization } from './advised-organization';
import { openBenchApp } from './bench-database';
import { describeLoadAverage, readDescendantsCpuSeconds, readOwnCpuSeconds, runLoad } from './measure';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1_000);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 1_000);
const plannerCount = Number(process.env.BENCH_PLANNERS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const bench = await openBenchApp();
try {
  const { pool } = bench.database;
  const started = performance.now();
  const organization = await createAdvisedOrganization(bench.database, 'bench-notifications', {
    clientCount,
    linesPerClient,
    plannerCount,
  });
  // Notifications about clients reach planners with the insight feature.
  await pool.query(`insert into organization_features (organization_id, code) values ($1, 'insight')`, [
    organization.organizationId,
  ]);
  await pool.query(
    `insert into notifications (organization_id, user_id, event_key, kind, title, body, link, read_at, created_at)
     select $2, id, 'bench:' || n, 'notice', 'Conta a vencer', 'Sua conta "Luz" vence amanhã.', 'dashboard',
       case when n % 3 = 0 then null else now() end, now() - n * interval '1 hour'
     from unnest($1::int[]) as id, generate_series(1, 200) as n`,
    [organization.clientIds, organization.organizationId],
  );
  await pool.query(
    `insert into notifications (organization_id, user_id, client_user_id, event_key, kind, title, body, link, read_at, created_at)
     select $2, p.planner_user_id, p.user_id, 'bench:' || p.user_id || ':' || n, 'notice',
       'Saldo negativo previsto', 'O saldo projetado fica abaixo de zero.', 'dashboard',
       case when n % 3 = 0 then null else now() end, now() - n * interval '1 day'
     from profiles p, generate_series(1, 10) as n
     where p.user_id = any($1::int[]) and p.planner_user_id is not null`,
    [organization.clientIds, organization.organizationId],
  );
  await pool.query('vacuum analyze notifications');
  const [{ count } = { count: '0' }] = (await pool.query<{ count: string }>('select count(*) from notifications')).rows;
  console.log(
    `${clientCount * linesPerClient} transactions, ${count} notifications (${clientCount} clients, ${plannerCount} planners) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const callers = [
    { label: 'notification/ (a client)', url: `${address}/api/notification/`, token: organization.clientTokens[1] },
    { label: 'notifications/ (a planner)', url: `${address}/api/notifications/`, token: organization.plannerTokens[1] },
  ];
  for (const { label, url, token } of callers) {
    if (!token) throw new Error('no caller');
    const response = await fetch(url, { headers: { authorization: `Token ${token}` } });
    if (response.status !== 200) throw new Error(`${label}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { count: number; results: unknown[] };
    console.log(`${label}: ${page.results.length} of ${page.count} on the first page`);
    // Warm-up, unmeasured.
    await runLoad(url, token, { connections: 32, seconds: 3 });
    for (const connections of [1, 32]) {
      const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
      const result = await runLoad(url, token, { connections, seconds });
      if (result.non2xx > 0) throw new Error(`${label}: ${result.non2xx} answers were not 2xx`);
      // What a call costs the machine, whatever else runs on it (PostgreSQL's only when embedded).
      const perCall = (cpuSeconds: number) => ((cpuSeconds * 1000) / result.requests.total).toFixed(2);
      const cpu = `CPU a call: Node ${perCall(readOwnCpuSeconds() - node)} ms, PostgreSQL ${perCall((await readDescendantsCpuSeconds()) - database)} ms`;
      console.log(
        `${label} ${String(connections).padStart(2)} connection(s): median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s  ${cpu}`,
      );
    }
  }
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
