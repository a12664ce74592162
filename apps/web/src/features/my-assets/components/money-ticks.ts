/** Steps an axis may take, times a power of ten: round amounts a person reads at a glance. */
const stepFactors = [1, 2, 2.5, 5, 10];

/**
 * Round ticks (cents) for an axis holding `values` and zero: about `count` steps of 1, 2, 2,5 or 5
 * times a power of ten (at least R$ 1), from a multiple of the step at or below the least value to
 * one at or above the greatest.
 */
export function buildMoneyTicks(values: readonly number[], count = 4): number[] {
  const least = Math.min(0, ...values);
  const greatest = Math.max(0, ...values);
  const rough = Math.max((greatest - least) / count, 100);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = (stepFactors.find((factor) => factor * power >= rough) ?? 10) * power;
  const first = Math.floor(least / step) * step;
  const last = Math.ceil(greatest / step) * step;
  const ticks: number[] = [];
  // Each tick from its index, not by adding: no drift from repeated sums.
  for (let index = 0; first + index * step <= last; index++) ticks.push(first + index * step);
  return ticks.length > 1 ? ticks : [first, first + step];
}
