/**
 * End-to-end import of a generated 100,000-transaction OFX through POST upload/ (multipart,
 * reading, learned categorization, batched inserts), then the same file again (all duplicates).
 * Run: npm run bench:import (BENCH_DATABASE_URL to use an external PostgreSQL).
 */
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';
import { generateOfx } from './generate-ofx';
import { timeMilliseconds } from './measure';

const transactionCount = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const bench = await openBenchApp();
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
  const firstMilliseconds = await timeMilliseconds(async () => {
    answer = await upload();
  });
  const first = answer?.json();
  if (answer?.statusCode !== 201) throw new Error(`upload failed: ${answer?.statusCode} ${answer?.body}`);
  const secondMilliseconds = await timeMilliseconds(async () => {
    answer = await upload();
  });
  const second = answer?.json();
  console.log(`file: ${transactionCount} transactions, ${(file.length / 1_048_576).toFixed(1)} MB`);
  console.log(`first import:  ${(firstMilliseconds / 1000).toFixed(2)} s, ${first.files[0].transactions_added} added`);
  console.log(
    `same file again: ${(secondMilliseconds / 1000).toFixed(2)} s, ${second.files[0].transactions_added} added, ${second.files[0].duplicates_ignored} duplicates ignored`,
  );
} finally {
  await bench.close();
}
