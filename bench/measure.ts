import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type autocannon from 'autocannon';

const runFile = promisify(execFile);
const autocannonBin = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

/**
 * `connections` callers of `url` for `seconds`, signed in with `token`. The load comes from another
 * process, so it does not take the server's own CPU time.
 */
export async function runLoad(
  url: string,
  token: string,
  options: { connections: number; seconds: number },
): Promise<autocannon.Result> {
  const { stdout } = await runFile(
    autocannonBin,
    ['-c', String(options.connections), '-d', String(options.seconds), '-j', '-H', `authorization=Token ${token}`, url],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as autocannon.Result;
}

/** Prints a page's load while a job runs beside it; answers other than 2xx end the benchmark. */
export function describePageLoad(page: string, moment: string, result: autocannon.Result, connections: number): void {
  if (result.non2xx > 0) throw new Error(`${page} ${moment}: ${result.non2xx} answers were not 2xx`);
  console.log(
    `${page} ${moment}: median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${Math.round(result.requests.average)} req/s at ${connections} connections`,
  );
}

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

const clockTicksPerSecond = 100;

async function readStat(pid: number): Promise<{ ppid: number; cpuSeconds: number; childrenSeconds: number } | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields that follow it start after its closing parenthesis.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const tick = (index: number) => Number(fields[index]) / clockTicksPerSecond;
    return { ppid: Number(fields[1]), cpuSeconds: tick(11) + tick(12), childrenSeconds: tick(13) + tick(14) };
  } catch {
    return null;
  }
}

/**
 * CPU seconds spent so far by the processes started from `rootPid` (not itself): the embedded
 * PostgreSQL and its backends, or servers a benchmark started; ended children included. On a machine
 * shared with other work, CPU time says what a call costs when wall-clock times mostly say how busy
 * the machine was.
 */
export async function readDescendantsCpuSeconds(rootPid = process.pid): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const stats = new Map<number, NonNullable<Awaited<ReturnType<typeof readStat>>>>();
  await Promise.all(
    pids.map(async (pid) => {
      const stat = await readStat(pid);
      if (stat) stats.set(pid, stat);
    }),
  );
  let total = 0;
  const visit = (parent: number) => {
    for (const [pid, stat] of stats) {
      if (stat.ppid !== parent) continue;
      total += stat.cpuSeconds + stat.childrenSeconds;
      visit(pid);
    }
  };
  visit(rootPid);
  return total;
}

/** CPU seconds of one process (worker threads included). */
export async function readProcessCpuSeconds(pid: number): Promise<number> {
  return (await readStat(pid))?.cpuSeconds ?? 0;
}

/** CPU seconds of this process (worker threads included). */
export function readOwnCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

/** The machine's load average, printed under every figure: the same code measures differently on a busy machine. */
export function describeLoadAverage(): string {
  return `load average (1, 5, 15 min): ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`;
}
