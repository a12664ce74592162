/**
 * End-to-end import of a generated 100,000-transaction OFX through POST upload/ (multipart,
 * reading, learned categorization, batched inserts), then the same file again (all duplicates).
 * Run: npm run bench:import (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';
import { generateOfx } from './generate-ofx';
import { describeLoadAverage, readDescendantsCpuSeconds, readOwnCpuSeconds, timeMilliseconds } from './measure';

const transactionCount = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
// BENCH_RUN_JOBS=false: this process does not work the jobs an import queues (the client's insights
// read the 100,000 lines just added, beside the second import).
const bench = await openBenchApp({ runJobs: process.env.BENCH_RUN_JOBS !== 'false' });
try {
  const { clients } = await createBenchOrganization(bench.database.db, 'bench-import', 1);
  const client = clients[0] as { token: string };
  const file = Buffer.from(generateOfx(transactionCount), 'latin1');
  const boundary = 'bench-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="extrato.ofx"\r\nContent-Type: application/x-ofx\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const upload = () =>
    bench.app.inject({
      method: 'POST',
      url: '/api/upload/',
      payload,
      headers: { authorization: `Token ${client.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  let answer: Awaited<ReturnType<typeof upload>> | undefined;
  // CPU seconds of this process (the app, its reading worker included) and of the database's processes.
  const measureCpu = async (work: () => Promise<unknown>) => {
    const [node, database] = [readOwnCpuSeconds(), await readDescendantsCpuSeconds()];
    const milliseconds = await timeMilliseconds(work);
    const cpu = `CPU: Node ${(readOwnCpuSeconds() - node).toFixed(2)} s, PostgreSQL ${((await readDescendantsCpuSeconds()) - database).toFixed(2)} s${process.env.BENCH_DATABASE_URL ? ' (not counted: external)' : ''}`;
    return { milliseconds, cpu };
  };
  const first = await measureCpu(async () => {
    answer = await upload();
  });
  const firstFile = answer?.json();
  if (answer?.statusCode !== 201) throw new Error(`upload failed: ${answer?.statusCode} ${answer?.body}`);
  const second = await measureCpu(async () => {
    answer = await upload();
  });
  const secondFile = answer?.json();
  console.log(`file: ${transactionCount} transactions, ${(file.length / 1_048_576).toFixed(1)} MB`);
  console.log(
    `first import:  ${(first.milliseconds / 1000).toFixed(2)} s, ${firstFile.files[0].transactions_added} added; ${first.cpu}`,
  );
  console.log(
    `same file again: ${(second.milliseconds / 1000).toFixed(2)} s, ${secondFile.files[0].transactions_added} added, ${secondFile.files[0].duplicates_ignored} duplicates ignored; ${second.cpu}`,
  );
  console.log(describeLoadAverage());
} finally {
  await bench.close();
}
