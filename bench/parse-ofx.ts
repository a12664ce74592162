/**
 * Parse throughput: Prumo's OFX reader beside the npm parsers ofx-js and node-ofx-parser, on the
 * same generated 100,000-transaction file. Run: npm run bench:parse
 */
import { readStatement } from '@prumo/statement-readers/read-statement';
import { parse as parseWithNodeOfxParser } from 'node-ofx-parser';
import { parseSync as parseWithOfxJs } from 'ofx-js';
import { generateOfx } from './generate-ofx';
import { summarizeMilliseconds, timeMilliseconds } from './measure';

const transactionCount = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const text = generateOfx(transactionCount);
const bytes = Buffer.from(text, 'latin1');
console.log(`file: ${transactionCount} transactions, ${(bytes.length / 1_048_576).toFixed(1)} MB; ${runs} runs each`);

const parsers: [string, () => unknown][] = [
  ['Prumo (statement-readers)', () => readStatement('extrato.ofx', bytes)],
  ['ofx-js 1.1.1', () => parseWithOfxJs(text)],
  ['node-ofx-parser 0.5.1', () => parseWithNodeOfxParser(text)],
];

const medians: Record<string, number> = {};
for (const [name, parse] of parsers) {
  await timeMilliseconds(parse); // warm-up
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) samples.push(await timeMilliseconds(parse));
  const { median } = summarizeMilliseconds(samples);
  medians[name] = median;
  console.log(
    `${name.padEnd(28)} median ${median.toFixed(0).padStart(6)} ms  ${(bytes.length / 1_048_576 / (median / 1000)).toFixed(1).padStart(6)} MB/s`,
  );
}
const ours = medians['Prumo (statement-readers)'] as number;
for (const [name] of parsers.slice(1)) {
  console.log(`Prumo is ${((medians[name] as number) / ours).toFixed(1)}× faster than ${name}`);
}
