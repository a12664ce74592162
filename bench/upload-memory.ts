/**
 * Memory of the API process while 3 uploads of the largest size run at once: each request carries
 * 3 statements of just under 20 MB (60 MB in all, the upload limit), a different client each, sent
 * over real HTTP by curl (so the sender's copies are not in this process). The resident set size
 * (RSS, worker threads included) is sampled every 20 ms; the embedded PostgreSQL is another process.
 * Run: npm run bench:upload-memory (BENCH_FILES_PER_REQUEST, BENCH_REQUESTS to change the load).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openBenchApp } from './bench-database';
import { createBenchOrganization } from './bench-organization';
import { generateOfx } from './generate-ofx';

const run = promisify(execFile);
const requestCount = Number(process.env.BENCH_REQUESTS ?? 3);
const filesPerRequest = Number(process.env.BENCH_FILES_PER_REQUEST ?? 3);
// ~124 bytes a line: 158,000 lines is 19.6 MB, just under the 20 MB a file may have.
const linesPerFile = Number(process.env.BENCH_LINES_PER_FILE ?? 158_000);

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(0);

// The files are written by a child process, so the strings that make them never sit in this heap.
if (process.argv[2] === 'write') {
  const [, , , filePath, seed, endDate] = process.argv;
  await writeFile(filePath as string, generateOfx(linesPerFile, { seed: Number(seed), endDate }), 'latin1');
  process.exit(0);
}

const folder = await mkdtemp(path.join(os.tmpdir(), 'prumo-upload-memory-'));
const bench = await openBenchApp();
try {
  const { clients } = await createBenchOrganization(bench.database.db, 'bench-upload-memory', requestCount);
  const filePaths: string[][] = [];
  for (let request = 0; request < requestCount; request++) {
    const paths: string[] = [];
    for (let file = 0; file < filesPerRequest; file++) {
      const filePath = path.join(folder, `extrato-${request}-${file}.ofx`);
      // Distinct lines per file (seed and period): nothing is a duplicate, every line is stored.
      await run(process.execPath, [
        '--import',
        'tsx',
        import.meta.filename,
        'write',
        filePath,
        String(request * 100 + file + 1),
        `20${10 + file}-10-31`,
      ]);
      paths.push(filePath);
    }
    filePaths.push(paths);
  }
  await bench.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = bench.app.server.address() as AddressInfo;
  global.gc?.();
  const idleRss = process.memoryUsage().rss;
  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const answers = await Promise.all(
    filePaths.map((paths, index) =>
      run(
        'curl',
        [
          '-sS',
          '-o',
          '-',
          '-w',
          '\n%{http_code}',
          '-H',
          `Authorization: Token ${(clients[index] as { token: string }).token}`,
          ...paths.flatMap((filePath) => ['-F', `files=@${filePath}`]),
          `http://127.0.0.1:${port}/api/upload/`,
        ],
        { maxBuffer: 64 * 1024 * 1024 },
      ),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const statuses = answers.map((answer) => answer.stdout.trim().split('\n').pop());
  const added = answers.map((answer) => {
    const body = answer.stdout.trim().split('\n').slice(0, -1).join('\n');
    try {
      return (JSON.parse(body).files as { transactions_added: number }[]).reduce((t, f) => t + f.transactions_added, 0);
    } catch {
      return body.slice(0, 200);
    }
  });
  console.log(
    `${requestCount} requests at once × ${filesPerRequest} files of ${linesPerFile} lines (${megabytes(filesPerRequest * linesPerFile * 124)} MB a request)`,
  );
  console.log(`statuses ${statuses.join(', ')}; lines added per request: ${added.join(', ')}; ${seconds.toFixed(1)} s`);
  console.log(`RSS idle ${megabytes(idleRss)} MB, peak ${megabytes(peakRss)} MB`);
} finally {
  await bench.close();
  await rm(folder, { recursive: true, force: true });
}
