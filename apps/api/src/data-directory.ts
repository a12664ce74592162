import { readFileSync, unlinkSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { makeTreePrivate, privateDirectoryMode, writePrivateFile } from './adapters/private-files';

/** Prumo cannot start: the message is one line for the person who ran it, never a stack trace. */
export class StartError extends Error {}

export const lockFileName = 'prumo.lock';

interface ProcessRecord {
  pid: number;
  /** When the process started (Linux clock ticks since boot): a reused PID has another. */
  startTime: string | null;
}

/** Whether a process with this PID runs (EPERM: it does, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Fields of /proc/{pid}/stat after the command name, or null off Linux or when it is gone. */
function readProcessStat(pid: number): string[] | null {
  try {
    const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return line.slice(line.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

export function readProcessStartTime(pid: number): string | null {
  return readProcessStat(pid)?.[19] ?? null;
}

export function readParentPid(pid: number): number | null {
  const parent = Number(readProcessStat(pid)?.[1]);
  return Number.isInteger(parent) && parent > 0 ? parent : null;
}

export function isSameProcessRunning(record: ProcessRecord): boolean {
  if (!isProcessAlive(record.pid)) return false;
  const startTime = readProcessStartTime(record.pid);
  return record.startTime === null || startTime === null || startTime === record.startTime;
}

function parseLock(text: string): ProcessRecord | null {
  try {
    const parsed = JSON.parse(text) as Partial<ProcessRecord>;
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return null;
    return { pid: parsed.pid as number, startTime: typeof parsed.startTime === 'string' ? parsed.startTime : null };
  } catch {
    return null;
  }
}

/** The Prumo process running on `dataDir` now, if any (its lock names a live process). */
export async function findRunningPrumo(dataDir: string): Promise<ProcessRecord | null> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, lockFileName), 'utf8');
  } catch {
    return null;
  }
  const holder = parseLock(text);
  return holder && holder.pid !== process.pid && isSameProcessRunning(holder) ? holder : null;
}

export function describeRunningPrumo(dataDir: string, holder: ProcessRecord): string {
  return `Prumo is already running on ${dataDir} (PID ${holder.pid}): stop it first, or start this one with another DATA_DIR.`;
}

const unusableReasons: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOTDIR: 'a file stands where a directory should be',
  EEXIST: 'a file stands where a directory should be',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  ENOENT: 'it cannot be created there',
};

/** A file-system error on the data directory as one line; other errors pass through. */
export function explainDataDirectoryError(dataDir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code ? unusableReasons[code] : undefined;
  if (!reason) return error;
  const where = (error as NodeJS.ErrnoException).path;
  return new StartError(
    `Prumo cannot use the data directory ${dataDir}: ${reason}${where && where !== dataDir ? ` (${where})` : ''}. Set DATA_DIR to a directory this user can write.`,
  );
}

/**
 * Makes `dataDir` ready and Prumo's: created if missing, private to this system user (what an
 * earlier version left is narrowed too), and — with the embedded PostgreSQL, which one process
 * owns — locked by this process, which refuses to start while another live Prumo holds it. The
 * lock is removed when this process exits; one left by a process that died (kill -9) is taken
 * over. Processes sharing an external database may share a data directory.
 */
export async function prepareDataDirectory(dataDir: string, options: { lock: boolean }): Promise<void> {
  try {
    // Missing parents get the usual mode: as root, the PostgreSQL user must pass through them.
    await createMissingDirectories(path.dirname(dataDir));
    await createMissingDirectories(dataDir, privateDirectoryMode);
    if (!(await stat(dataDir)).isDirectory()) {
      throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR', path: dataDir });
    }
    if (options.lock) await lockDataDirectory(dataDir);
    await makeTreePrivate(path.join(dataDir, 'media'));
    await makeTreePrivate(path.join(dataDir, 'private'));
    await makeTreePrivate(path.join(dataDir, 'mail'));
  } catch (error) {
    throw explainDataDirectoryError(dataDir, error);
  }
}

/**
 * `mkdir -p` one level at a time. Node's recursive mkdir retries for ever where a file system
 * answers ENOENT to every creation (DATA_DIR=/proc/x hung the start); here any refusal is final.
 */
async function createMissingDirectories(directory: string, mode?: number): Promise<void> {
  const missing: string[] = [];
  let current = path.resolve(directory);
  while (!(await pathExists(current))) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const folder of missing) {
    try {
      await mkdir(folder, folder === missing.at(-1) ? { mode } : {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

async function pathExists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

async function lockDataDirectory(dataDir: string): Promise<void> {
  const lockPath = path.join(dataDir, lockFileName);
  const me: ProcessRecord = { pid: process.pid, startTime: readProcessStartTime(process.pid) };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await writePrivateFile(lockPath, JSON.stringify(me));
      process.once('exit', () => {
        try {
          if (parseLock(readFileSync(lockPath, 'utf8'))?.pid === me.pid) unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await findRunningPrumo(dataDir);
      if (holder) throw new StartError(describeRunningPrumo(dataDir, holder));
      // Left by a Prumo that is no longer running.
      await rm(lockPath, { force: true });
    }
  }
  throw new StartError(`Prumo could not lock the data directory ${dataDir}: another Prumo is starting on it.`);
}
