/** Median and 99th percentile of a list of milliseconds. */
export function summarizeMilliseconds(samples: number[]): { median: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
  return { median: at(0.5), p99: at(0.99) };
}

export async function timeMilliseconds(work: () => unknown | Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
