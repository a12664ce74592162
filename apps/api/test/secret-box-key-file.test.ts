import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../src/lib/secret-box';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

async function makeFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'prumo-secret-box-'));
  made.push(folder);
  return folder;
}

describe('the key generated under DATA_DIR', () => {
  it('leaves the data directory passable by the embedded PostgreSQL user (0710) while writing the key', async () => {
    const dataDir = await makeFolder();
    // What the start gives DATA_DIR when, as root, PostgreSQL runs as its own system user.
    await chmod(dataDir, 0o710);
    const box = createSecretBox({ dataDir, encryptionKey: undefined });
    const sealed = await box.encrypt('sk_test_segredo', 'gateway:1');
    expect(await box.decrypt(sealed, 'gateway:1')).toBe('sk_test_segredo');
    expect((await stat(dataDir)).mode & 0o777).toBe(0o710);
    expect((await stat(path.join(dataDir, 'encryption.key'))).mode & 0o777).toBe(0o600);
  });

  it('creates a missing data directory private to Prumo’s user', async () => {
    const dataDir = path.join(await makeFolder(), 'nova');
    await createSecretBox({ dataDir, encryptionKey: undefined }).encrypt('x', 'context');
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });
});
