/**
 * GET indicators/ (the manager's indicators, ADR 36) for the last 12 months, on an organization of
 * 1,000 clients with 1,000 lines each (1,000,000 in all, 36 months up to today) advised by 20
 * planners, with statuses, monthly import bundles and plannings, prospects, a plan of this month for
 * every client and subscriptions with their charges; over real HTTP at 1 and at 32 connections.
 * Run: npm run bench:indicators (BENCH_DATABASE_URL to use an external PostgreSQL; BENCH_CLIENTS,
 * BENCH_TRANSACTIONS per client, BENCH_SECONDS to change the size).
 */

import { findTodayInBrazil } from '@prumo/domain/br/date';
import { createAdvisedOrganization } from './advised-organization';
import { openBenchApp } from './bench-database';
import {
  describeLoadAverage,
  readDescendantsCpuSeconds,
  readOwnCpuSeconds,
  runLoad,
  timeMilliseconds,
} from './measure';

const clientCount = Number(process.env.BENCH_CLIENTS ?? 1_000);
const linesPerClient = Number(process.env.BENCH_TRANSACTIONS ?? 1_000);
const plannerCount = Number(process.env.BENCH_PLANNERS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const today = findTodayInBrazil(new Date());

const bench = await openBenchApp();
try {
  const started = performance.now();
  const { managerToken, period } = await createAdvisedOrganization(bench.database, 'bench-indicators', {
    clientCount,
    linesPerClient,
    plannerCount,
  });
  const { startMonth, lastDay, yearStart } = period;
  console.log(
    `${clientCount * linesPerClient} transactions (${clientCount} clients × ${linesPerClient}, ${plannerCount} planners, ${startMonth} to ${lastDay}) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/api/indicators/?start=${yearStart}&end=${today}`;
  const firstCall = await timeMilliseconds(async () => {
    const response = await fetch(url, { headers: { authorization: `Token ${managerToken}` } });
    if (response.status !== 200) throw new Error(`indicators/: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { organization: { active_clients: number; lines: number } };
    console.log(
      `organization: ${answer.organization.active_clients} active clients, ${answer.organization.lines} lines in the period`,
    );
  });
  console.log(`first call (nothing kept): ${firstCall.toFixed(1)} ms`);
  // Warm-up, unmeasured.
  await runLoad(url, managerToken, { connections: 32, seconds: 3 });
  for (const connections of [1, 32]) {
    const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
    const result = await runLoad(url, managerToken, { connections, seconds });
    if (result.non2xx > 0) throw new Error(`indicators/: ${result.non2xx} answers were not 2xx`);
    // What a call costs the machine, whatever else runs on it (PostgreSQL's only when embedded).
    const perCall = (cpuSeconds: number) => ((cpuSeconds * 1000) / result.requests.total).toFixed(2);
    const cpu = `CPU a call: Node ${perCall(readOwnCpuSeconds() - node)} ms, PostgreSQL ${perCall((await readDescendantsCpuSeconds()) - database)} ms`;
    console.log(
      `indicators/ (12 months) ${String(connections).padStart(2)} connection(s): median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s  ${cpu}`,
    );
  }
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
