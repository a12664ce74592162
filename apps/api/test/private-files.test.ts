import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../src/adapters/file-storage';
import { createFileMailer } from '../src/adapters/mailer';
import { makeTreePrivate, writePrivateFile } from '../src/adapters/private-files';

const modeOf = async (target: string) => (await stat(target)).mode & 0o777;

describe('files under DATA_DIR', () => {
  let formerUmask: number;
  // The widest umask: modes must not depend on the one Prumo was started with.
  beforeEach(() => {
    formerUmask = process.umask(0);
  });
  afterEach(() => {
    process.umask(formerUmask);
  });

  it('keep statement originals and public images readable by Prumo’s user only', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-private-test-'));
    const storage = createDiskStorage(path.join(directory, 'media'));
    const key = await storage.keep('statements', 'ofx', Buffer.from('OFXHEADER:100'));
    expect(await modeOf(path.join(directory, 'private'))).toBe(0o700);
    expect(await modeOf(path.join(directory, 'private', 'statements'))).toBe(0o700);
    expect(await modeOf(path.join(directory, 'private', key))).toBe(0o600);

    const address = await storage.save('logos', 'png', Buffer.from('png'));
    expect(await modeOf(path.join(directory, 'media'))).toBe(0o700);
    expect(await modeOf(path.join(directory, address.replace('/media/', 'media/')))).toBe(0o600);
  });

  it('keep e-mails (which carry live tokens) readable by Prumo’s user only', async () => {
    const directory = path.join(await mkdtemp(path.join(os.tmpdir(), 'prumo-private-test-')), 'mail');
    await createFileMailer(directory).send({
      to: 'cliente@example.com',
      fromName: 'Prumo',
      subject: 'Redefinição de senha',
      text: 'https://prumo.test/redefinir/token',
      html: '<p>token</p>',
    });
    const [message] = await readdir(directory);
    expect(await modeOf(directory)).toBe(0o700);
    expect(await modeOf(path.join(directory, message as string))).toBe(0o600);
  });

  it('narrows what an earlier version left readable by everyone', async () => {
    const directory = path.join(await mkdtemp(path.join(os.tmpdir(), 'prumo-private-test-')), 'private');
    await mkdir(path.join(directory, 'statements'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(directory, 'statements', 'old.ofx'), 'OFX', { mode: 0o644 });
    await makeTreePrivate(directory);
    expect(await modeOf(directory)).toBe(0o700);
    expect(await modeOf(path.join(directory, 'statements'))).toBe(0o700);
    expect(await modeOf(path.join(directory, 'statements', 'old.ofx'))).toBe(0o600);
  });

  it('appear whole, never over an existing file, and leave nothing half written behind', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-private-test-'));
    const target = path.join(directory, 'lock.json');
    await writePrivateFile(target, '{"pid":1}');
    await expect(writePrivateFile(target, '{"pid":2}')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(target, 'utf8')).toBe('{"pid":1}');
    expect(await modeOf(target)).toBe(0o600);
    expect(await readdir(directory)).toEqual(['lock.json']);
  });
});
