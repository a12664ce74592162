import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';

const serverEntry = path.resolve(import.meta.dirname, '../apps/api/src/server.ts');

export interface BenchServer {
  url: string;
  pid: number;
  /** Resident set size in bytes, as the kernel counts it now (worker threads included). */
  readMemory(): Promise<number>;
  stop(): Promise<void>;
}

async function readResidentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : 0;
}

async function waitUntilAnswering(url: string, child: ChildProcess, errors: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${errors()}`);
    try {
      await (await fetch(`${url}/api/`)).arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`server at ${url} did not answer: ${errors()}`);
}

/**
 * `count` Prumo processes started as `npm start` starts one (apps/api/src/server.ts, request logs
 * and all), each on its own port and data directory, all on `databaseUrl`.
 */
export async function startBenchServers(databaseUrl: string, directory: string, count: number, firstPort: number) {
  const servers: BenchServer[] = [];
  for (let index = 0; index < count; index++) {
    const port = firstPort + index;
    const dataDir = path.join(directory, `server-${index}`);
    await mkdir(dataDir, { recursive: true });
    const logFile = await open(path.join(process.env.BENCH_SERVER_LOGS ?? dataDir, `server-${index}.log`), 'w');
    // BENCH_SERVER_ARGS: more Node options for the servers (--cpu-prof to see where their time goes).
    const nodeArguments = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = spawn(process.execPath, [...nodeArguments, '--import', 'tsx', serverEntry], {
      cwd: path.dirname(serverEntry),
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      // Request logs are written as in production, to a file (BENCH_SERVER_LOGS keeps them: a folder).
      stdio: ['ignore', logFile.fd, 'pipe'],
    });
    await logFile.close();
    let errorText = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errorText = (errorText + chunk.toString()).slice(-4000);
    });
    const url = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(url, child, () => errorText);
    const pid = child.pid as number;
    servers.push({
      url,
      pid,
      readMemory: () => readResidentBytes(pid),
      stop: async () => {
        if (child.exitCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      },
    });
  }
  return servers;
}
