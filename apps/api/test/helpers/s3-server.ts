import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll } from 'vitest';
import { createS3Client } from '../../src/adapters/s3-storage';
import { readS3Location, type S3Location } from '../../src/adapters/storage-url';

/** s3rver's own account: the keys it accepts signatures from. */
export const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  location: S3Location;
  client: S3Client;
}

/** A fake S3 on loopback with one empty bucket, reached as STORAGE_URL would name it; stopped after the file's tests. */
export async function startS3Server(bucket = 'prumo-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'prumo-s3-test-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const location = readS3Location(`s3://${bucket}?endpoint=http://127.0.0.1:${port}&forcePathStyle=true`, {});
  const client = createS3Client(location, s3rverCredentials);
  afterAll(async () => {
    client.destroy();
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });
  return { location, client };
}
