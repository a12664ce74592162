import path from 'node:path';

/**
 * Each Playwright worker drives a Prumo of its own (its own port, DATA_DIR and embedded
 * PostgreSQL), so specs that share the demo organizations never meet each other's writes.
 * Two workers keep a 2-core machine busy while one waits on the browser. E2E_WORKERS changes the
 * count (Playwright's --workers above it stops each test of an extra worker, saying so).
 */
export const e2eWorkerCount = Math.max(1, Number.parseInt(process.env.E2E_WORKERS ?? '', 10) || 2);

const firstPort = Number(process.env.E2E_PORT ?? 3310);

export function findServerPort(parallelIndex: number): number {
  return firstPort + parallelIndex;
}

export function findServerDataDir(parallelIndex: number): string {
  return path.resolve(import.meta.dirname, `../data/e2e/${parallelIndex}`);
}

/** The worker this test process is (Playwright sets it in each worker; 0 elsewhere). */
export function findCurrentParallelIndex(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}
