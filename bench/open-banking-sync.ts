/**
 * A connection's first sync against the simulated institution, end to end: from the bank's return
 * (POST users/approve/) until the job has brought the checking account and the card (24 months,
 * about 5,000 lines) and the connection says so; then a sync on demand (POST links-connect/{id}/sync/)
 * that finds everything known. The real app in this process, jobs working as the server's do.
 * Run: npm run bench:open-banking-sync (BENCH_DATABASE_URL to use an external PostgreSQL).
 * Target: the first sync ≤ 5 s.
 */
import { openBankingConnections, transactions } from '@prumo/api/src/db/schema';
import { eq } from 'drizzle-orm';
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';
import { describeLoadAverage, readDescendantsCpuSeconds, readOwnCpuSeconds } from './measure';

const bench = await openBenchApp();
try {
  const { db } = bench.database;
  const { clients } = await createBenchOrganization(db, 'bench-open-banking', 1);
  const client = clients[0] as { id: number; token: string };
  const inject = async (method: 'GET' | 'POST', url: string, payload?: object, form?: Record<string, string>) => {
    const answer = await bench.app.inject({
      method,
      url,
      ...(form
        ? {
            payload: new URLSearchParams(form).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }
        : { payload, headers: { authorization: `Token ${client.token}` } }),
    });
    if (answer.statusCode >= 400) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer;
  };
  const started = await inject('POST', '/api/open-banking/v2/users/consents/', {
    participant_id: 'banco-simulado',
    permissions: ['ACCOUNTS', 'CREDIT_CARDS'],
    months: 12,
  });
  const request = new URL(started.json().authorization_url).searchParams.get('request') ?? '';
  const bankForm = '/open-finance-simulator/authorize';
  await inject('POST', bankForm, undefined, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
  await inject('POST', bankForm, undefined, { request, step: 'code', code: '123456' });
  const back = await inject('POST', bankForm, undefined, { request, step: 'review', decision: 'authorise' });
  const bankReturn = Object.fromEntries(new URL(back.headers.location as string).searchParams);

  /** Milliseconds from `start` until the connection's sync has ended (idle, with a newer last sync). */
  const timeSync = async (start: () => Promise<unknown>, after: Date | null) => {
    const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
    const began = performance.now();
    await start();
    for (;;) {
      const [row] = await db
        .select({ status: openBankingConnections.syncStatus, lastSyncAt: openBankingConnections.lastSyncAt })
        .from(openBankingConnections)
        .where(eq(openBankingConnections.clientUserId, client.id));
      if (row?.status === 'failed') throw new Error('the sync failed');
      if (row?.status === 'idle' && row.lastSyncAt && (!after || row.lastSyncAt > after)) {
        const cpu = `CPU: Node ${(readOwnCpuSeconds() - node).toFixed(2)} s, PostgreSQL ${((await readDescendantsCpuSeconds()) - database).toFixed(2)} s`;
        return { milliseconds: performance.now() - began, lastSyncAt: row.lastSyncAt, cpu };
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const countLines = async () =>
    (await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.clientUserId, client.id)))
      .length;

  let connectionId = 0;
  const first = await timeSync(async () => {
    connectionId = (await inject('POST', '/api/open-banking/v2/users/approve/', bankReturn)).json().id;
  }, null);
  const linesAfterFirst = await countLines();
  console.log(`first sync: ${(first.milliseconds / 1000).toFixed(2)} s, ${linesAfterFirst} lines; ${first.cpu}`);
  const again = await timeSync(
    () => inject('POST', `/api/open-banking/v2/links-connect/${connectionId}/sync/`),
    first.lastSyncAt,
  );
  console.log(
    `sync again: ${(again.milliseconds / 1000).toFixed(2)} s, ${(await countLines()) - linesAfterFirst} lines added; ${again.cpu}`,
  );
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
