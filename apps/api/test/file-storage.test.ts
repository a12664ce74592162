import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/adapters/file-storage';

describe('the disk storage’s kept files', () => {
  it('are read back by their key, outside the served folder, and forgotten on discard', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-storage-test-'));
    const storage = createDiskStorage(path.join(directory, 'media'));
    const key = await storage.keep('statements', 'ofx', Buffer.from('OFXHEADER:100'));
    expect((await storage.open(key))?.toString()).toBe('OFXHEADER:100');
    await expect(readdir(path.join(directory, 'media'))).rejects.toThrow();

    await storage.discard(key);
    expect(await storage.open(key)).toBeNull();
    await storage.discard(key);
  });

  it('never reads a key it did not make', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-storage-test-'));
    const storage = createDiskStorage(path.join(directory, 'media'));
    expect(await storage.open('../../etc/passwd')).toBeNull();
    expect(await storage.open('statements/../../secret.ofx')).toBeNull();
  });
});
