import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProcessStartTime } from '../src/data-directory';
import { decideWebBuild, recordBuildTime } from '../src/web-build';

async function createCheckout() {
  const root = await mkdtemp(path.join(os.tmpdir(), 'prumo-web-build-test-'));
  await mkdir(path.join(root, 'apps/web/src'), { recursive: true });
  await mkdir(path.join(root, 'packages/domain/src'), { recursive: true });
  const source = path.join(root, 'apps/web/src/main.tsx');
  await writeFile(source, 'export {};');
  await writeFile(path.join(root, 'packages/domain/src/money.ts'), 'export {};');
  const webDistDir = path.join(root, 'apps/web/dist');
  return { root, source, webDistDir };
}

async function build(webDistDir: string, at: Date) {
  await mkdir(webDistDir, { recursive: true });
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html>');
  await recordBuildTime(webDistDir, at.getTime());
}

const touch = (file: string, at: Date) => utimes(file, at, at);

describe('npm start’s web build', () => {
  it('builds a fresh clone, and not again while the build is newer than its sources', async () => {
    const { root, source, webDistDir } = await createCheckout();
    expect(await decideWebBuild(root, webDistDir)).toEqual({ action: 'build' });

    await touch(source, new Date('2026-11-24T10:00:00Z'));
    await touch(path.join(root, 'packages/domain/src/money.ts'), new Date('2026-11-24T10:00:00Z'));
    await build(webDistDir, new Date('2026-11-24T11:00:00Z'));
    await touch(path.join(root, 'apps/web/src'), new Date('2026-11-24T10:00:00Z'));
    await touch(path.join(root, 'packages/domain/src'), new Date('2026-11-24T10:00:00Z'));
    expect(await decideWebBuild(root, webDistDir)).toEqual({ action: 'keep', reason: 'current' });

    await touch(path.join(root, 'packages/domain/src/money.ts'), new Date('2026-11-24T12:00:00Z'));
    expect(await decideWebBuild(root, webDistDir)).toEqual({ action: 'build' });
  });

  it('never rebuilds under a running Prumo that serves the build, even when sources changed', async () => {
    const { root, source, webDistDir } = await createCheckout();
    await build(webDistDir, new Date('2026-11-24T11:00:00Z'));
    await touch(source, new Date('2026-11-24T12:00:00Z'));
    // This test's own process stands for the running Prumo.
    await writeFile(
      path.join(webDistDir, `.served-by-${process.pid}`),
      JSON.stringify({ pid: process.pid, startTime: readProcessStartTime(process.pid) }),
    );
    expect(await decideWebBuild(root, webDistDir)).toEqual({ action: 'keep', reason: 'in-use', pids: [process.pid] });
  });

  it('takes a marker left by a Prumo that died for what it is', async () => {
    const { root, source, webDistDir } = await createCheckout();
    await build(webDistDir, new Date('2026-11-24T11:00:00Z'));
    await touch(source, new Date('2026-11-24T12:00:00Z'));
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout.trim());
    await writeFile(path.join(webDistDir, `.served-by-${deadPid}`), JSON.stringify({ pid: deadPid, startTime: '1' }));
    expect(await decideWebBuild(root, webDistDir)).toEqual({ action: 'build' });
    expect(await readdir(webDistDir)).not.toContain(`.served-by-${deadPid}`);
  });
});
