/**
 * The cost of one password hash (sign-in, registration, reset and change each make one):
 * scrypt at the old N = 2^14, at production's N = 2^17 and at the tests' N = 2^13, 7 runs each
 * after a warm-up; median. One at a time, as a single sign-in sees it.
 */
import { hashPassword, productionPasswordCost } from '@prumo/api/src/lib/passwords';
import { summarizeMilliseconds, timeMilliseconds } from './measure';

const runs = 7;
for (const [label, cost] of [
  ['old (2^14)', 2 ** 14],
  ['production (2^17)', productionPasswordCost],
  ['tests (2^13)', 2 ** 13],
] as const) {
  await hashPassword('Orcamento#Familia9', cost);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++)
    samples.push(await timeMilliseconds(() => hashPassword('Orcamento#Familia9', cost)));
  const { median } = summarizeMilliseconds(samples);
  console.log(
    `${label.padEnd(18)} N=${cost}: median ${median.toFixed(1)} ms, ${((128 * cost * 8) / 2 ** 20).toFixed(0)} MiB`,
  );
}
