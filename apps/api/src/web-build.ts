import { unlinkSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSameProcessRunning, readProcessStartTime } from './data-directory';

/** What the built web app is made from: a change in any of these calls for a new build. */
export const webBuildInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package.json',
  'package-lock.json',
];
const stampName = '.built-at';
const servingPrefix = '.served-by-';

async function findNewestChange(target: string): Promise<number> {
  let details: Awaited<ReturnType<typeof stat>>;
  try {
    details = await stat(target);
  } catch {
    return 0;
  }
  if (!details.isDirectory()) return details.mtimeMs;
  let newest = details.mtimeMs;
  for (const name of await readdir(target)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, await findNewestChange(path.join(target, name)));
  }
  return newest;
}

/** When the build in `webDistDir` started (recorded by `npm start`), or when a plain build ended. */
async function readBuildTime(webDistDir: string): Promise<number | null> {
  try {
    return Number((await readFile(path.join(webDistDir, stampName), 'utf8')).trim()) || null;
  } catch {
    try {
      return (await stat(path.join(webDistDir, 'index.html'))).mtimeMs;
    } catch {
      return null;
    }
  }
}

export async function recordBuildTime(webDistDir: string, startedAt: number): Promise<void> {
  await writeFile(path.join(webDistDir, stampName), String(startedAt));
}

/** The PIDs of running Prumo processes serving `webDistDir` (markers left by dead ones are removed). */
export async function findProcessesServing(webDistDir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await readdir(webDistDir);
  } catch {
    return [];
  }
  const serving: number[] = [];
  for (const name of names.filter((entry) => entry.startsWith(servingPrefix))) {
    const marker = path.join(webDistDir, name);
    try {
      const record = JSON.parse(await readFile(marker, 'utf8')) as { pid: number; startTime: string | null };
      if (isSameProcessRunning(record)) {
        serving.push(record.pid);
        continue;
      }
    } catch {
      // Unreadable: as good as gone.
    }
    await rm(marker, { force: true });
  }
  return serving;
}

/**
 * Whether `npm start` builds the web app: not when the build is newer than every input, and never
 * under a running Prumo — it serves the files the build would delete (it answered 404s meanwhile).
 */
export async function decideWebBuild(
  repositoryRoot: string,
  webDistDir: string,
): Promise<
  { action: 'build' } | { action: 'keep'; reason: 'current' } | { action: 'keep'; reason: 'in-use'; pids: number[] }
> {
  const builtAt = await readBuildTime(webDistDir);
  if (builtAt === null) return { action: 'build' };
  const pids = await findProcessesServing(webDistDir);
  let newestInput = 0;
  for (const input of webBuildInputs) {
    newestInput = Math.max(newestInput, await findNewestChange(path.join(repositoryRoot, input)));
  }
  if (newestInput <= builtAt) return { action: 'keep', reason: 'current' };
  return pids.length > 0 ? { action: 'keep', reason: 'in-use', pids } : { action: 'build' };
}

/** Tells a later `npm start` that this process serves `webDistDir`, until it exits. */
export function markWebBuildServed(webDistDir: string): void {
  const marker = path.join(webDistDir, `${servingPrefix}${process.pid}`);
  try {
    writeFileSync(marker, JSON.stringify({ pid: process.pid, startTime: readProcessStartTime(process.pid) }));
  } catch {
    // No build, or a read-only checkout: nothing will rebuild it under this process.
    return;
  }
  process.once('exit', () => {
    try {
      unlinkSync(marker);
    } catch {
      // Already gone.
    }
  });
}
