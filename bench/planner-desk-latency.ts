/**
 * GET profiles/clients/ as the planner's desk first asks for it (25 active clients by name, with
 * what needs attention: ADR 33), on an organization of 1,000 clients with 1,000 lines each
 * (1,000,000 in all) advised by 20 planners; over real HTTP at 1 and at 32 connections. Then the
 * same page ordered by the budget used this month (the month's figures of every client in the book).
 * Run: npm run bench:planner-desk (BENCH_DATABASE_URL to use an external PostgreSQL; BENCH_CLIENTS,
 * BENCH_TRANSACTIONS per client, BENCH_PLANNERS, BENCH_SECONDS to change the size).
 */

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

const bench = await openBenchApp();
try {
  const started = performance.now();
  const { plannerTokens, period } = await createAdvisedOrganization(bench.database, 'bench-desk', {
    clientCount,
    linesPerClient,
    plannerCount,
  });
  console.log(
    `${clientCount * linesPerClient} transactions (${clientCount} clients × ${linesPerClient}, ${plannerCount} planners, ${period.startMonth} to ${period.lastDay}) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const plannerToken = plannerTokens[0];
  if (!plannerToken) throw new Error('no planner');

  const address = await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const pages = {
    'by name': `${address}/api/profiles/clients/?limit=25&offset=0&isActive=true&ordering=name`,
    'by budget use': `${address}/api/profiles/clients/?limit=25&offset=0&isActive=true&ordering=-budget_use`,
  };
  for (const [label, url] of Object.entries(pages)) {
    const firstCall = await timeMilliseconds(async () => {
      const response = await fetch(url, { headers: { authorization: `Token ${plannerToken}` } });
      if (response.status !== 200)
        throw new Error(`profiles/clients/ ${label}: ${response.status} ${await response.text()}`);
      const answer = (await response.json()) as { count: number; results: unknown[] };
      console.log(`${label}: ${answer.results.length} of the planner's ${answer.count} active clients`);
    });
    console.log(`first call (${label}): ${firstCall.toFixed(1)} ms`);
    // Warm-up, unmeasured.
    await runLoad(url, plannerToken, { connections: 32, seconds: 3 });
    for (const connections of [1, 32]) {
      const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
      const result = await runLoad(url, plannerToken, { connections, seconds });
      if (result.non2xx > 0) throw new Error(`profiles/clients/: ${result.non2xx} answers were not 2xx`);
      // What a call costs the machine, whatever else runs on it (PostgreSQL's only when embedded).
      const perCall = (cpuSeconds: number) => ((cpuSeconds * 1000) / result.requests.total).toFixed(2);
      const cpu = `CPU a call: Node ${perCall(readOwnCpuSeconds() - node)} ms, PostgreSQL ${perCall((await readDescendantsCpuSeconds()) - database)} ms`;
      console.log(
        `profiles/clients/ (${label}) ${String(connections).padStart(2)} connection(s): median ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  ${Math.round(result.requests.average)} req/s  ${cpu}`,
      );
    }
  }
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
