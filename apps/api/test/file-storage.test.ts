import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createDiskStorage, type FileStorage } from '../src/adapters/file-storage';
import { createS3Storage } from '../src/adapters/s3-storage';
import { readS3Location } from '../src/adapters/storage-url';
import { startS3Server } from './helpers/s3-server';

interface StorageUnderTest {
  storage: FileStorage;
  /** Every stored file's path in the store: "media/…" and "private/…". */
  listStoredPaths(): Promise<string[]>;
}

async function listFilesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)));
}

const storages: [string, () => Promise<StorageUnderTest>][] = [
  [
    'disk',
    async () => {
      const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-storage-test-'));
      return {
        storage: createDiskStorage(path.join(directory, 'media')),
        listStoredPaths: () => listFilesUnder(directory),
      };
    },
  ],
  [
    'S3',
    async () => {
      const { location, client } = await startS3Server();
      return {
        storage: createS3Storage(location, client),
        listStoredPaths: async () => {
          const listing = await client.send(new ListObjectsV2Command({ Bucket: location.bucket }));
          return (listing.Contents ?? []).map((object) => object.Key ?? '');
        },
      };
    },
  ],
];

async function readAll(file: { body: NodeJS.ReadableStream } | null): Promise<string | null> {
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

describe.each(storages)('the %s storage', (_name, createStorageUnderTest) => {
  it('reads kept files back by their key, from a file or bytes, and forgets them on discard', async () => {
    const { storage } = await createStorageUnderTest();
    const key = await storage.keep('statements', 'ofx', Buffer.from('OFXHEADER:100'));
    expect(key).toMatch(/^statements\/[0-9a-f]{24}\.ofx$/);
    expect((await storage.open(key))?.toString()).toBe('OFXHEADER:100');

    const upload = path.join(await mkdtemp(path.join(os.tmpdir(), 'prumo-upload-test-')), 'upload');
    await writeFile(upload, 'Data;Descrição;Valor\n');
    const copied = await storage.keepFile('statements', 'csv', upload);
    expect((await storage.open(copied))?.toString()).toBe('Data;Descrição;Valor\n');

    await storage.discard(key);
    expect(await storage.open(key)).toBeNull();
    await storage.discard(key);
    expect((await storage.open(copied))?.toString()).toBe('Data;Descrição;Valor\n');
  });

  it('serves saved files at their /media/ address and kept statements at none', async () => {
    const { storage, listStoredPaths } = await createStorageUnderTest();
    const address = await storage.save('logos', 'png', Buffer.from('a logo'));
    expect(address).toMatch(/^\/media\/logos\/[0-9a-f]{24}\.png$/);
    const served = await storage.openPublic(address);
    expect(served?.byteLength).toBe(6);
    expect(await readAll(served)).toBe('a logo');

    const key = await storage.keep('statements', 'ofx', Buffer.from('OFXHEADER:100'));
    expect(await storage.openPublic(`/media/${key}`)).toBeNull();
    expect(await storage.openPublic(`/media/../private/${key}`)).toBeNull();
    expect((await listStoredPaths()).sort()).toEqual([`media/${address.slice('/media/'.length)}`, `private/${key}`]);
  });

  it('never reads or removes a key it did not make', async () => {
    const { storage, listStoredPaths } = await createStorageUnderTest();
    const key = await storage.keep('statements', 'ofx', Buffer.from('OFXHEADER:100'));
    for (const madeUp of ['../../etc/passwd', 'statements/../../secret.ofx', `../private/${key}`, `/${key}`, '']) {
      expect(await storage.open(madeUp)).toBeNull();
      await storage.discard(madeUp);
    }
    expect(await storage.openPublic('/media/logos/not-a-name.png')).toBeNull();
    expect(await storage.openPublic(`/media/logos/${'0'.repeat(24)}.png`)).toBeNull();
    expect(await listStoredPaths()).toEqual([`private/${key}`]);
  });
});

describe.each(storages)('the %s storage’s list for the cleanup', (_name, createStorageUnderTest) => {
  it('names the kept files stored before a moment, never public ones', async () => {
    const { storage } = await createStorageUnderTest();
    const key = await storage.keep('statements', 'ofx', Buffer.from('OFXHEADER:100'));
    await storage.save('logos', 'png', Buffer.from('a logo'));
    expect(await storage.listKeptBefore(new Date(Date.now() + 60_000))).toEqual([key]);
    expect(await storage.listKeptBefore(new Date(Date.now() - 60_000))).toEqual([]);
  });
});

describe('STORAGE_URL', () => {
  it('names a bucket, its endpoint, region and path style, and never credentials', () => {
    expect(
      readS3Location('s3://prumo-files/producao?endpoint=http://127.0.0.1:9000&region=sa-east-1&forcePathStyle=true'),
    ).toEqual({
      bucket: 'prumo-files',
      prefix: 'producao/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'sa-east-1',
      forcePathStyle: true,
    });
    expect(readS3Location('s3://prumo-files', { AWS_REGION: 'us-east-2' })).toMatchObject({
      prefix: '',
      endpoint: undefined,
      region: 'us-east-2',
      forcePathStyle: false,
    });
    expect(() => readS3Location('s3://AKIA:segredo@prumo-files')).toThrow(
      'STORAGE_URL must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
    expect(() => readS3Location('https://prumo-files')).toThrow(/s3:\/\//);
  });
});
