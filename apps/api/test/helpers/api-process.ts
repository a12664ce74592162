import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

export interface ApiProcess {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

const apiDirectory = path.resolve(import.meta.dirname, '../..');
const running = new Set<ChildProcess>();

/** An entry of apps/api (`src/server.ts`, `src/jobs/worker.ts`…) in a process of its own, as npm runs it. */
export function startApiProcess(entry: string, environment: NodeJS.ProcessEnv): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: apiDirectory,
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return { child, output: () => ({ stdout, stderr }), exited };
}

/** Kills what a failed test left running. */
export function killApiProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}
