import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/s3-storage';
import { buildMultipart } from './helpers/multipart';
import { startS3Server, type TestS3Server } from './helpers/s3-server';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let s3: TestS3Server;
let context: TestContext;
// Another process on the same database and bucket.
let otherProcess: TestContext;

beforeAll(async () => {
  s3 = await startS3Server();
  context = await createTestContext({ storage: createS3Storage(s3.location, s3.client) });
  otherProcess = await createTestContext({ storage: createS3Storage(s3.location, s3.client) });
});

async function listBucket(): Promise<string[]> {
  const listing = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.location.bucket }));
  return (listing.Contents ?? []).map((object) => object.Key ?? '');
}

describe('Prumo with its files in an S3 bucket', () => {
  it('keeps an uploaded statement private and gives it back as sent, from any process', async () => {
    const organization = await createTestOrganization(context);
    const token = organization.client.token;
    const statement = readFileSync(path.join(fixtures, 'kamino-company__OfxSharp/itau.ofx'));
    const body = buildMultipart([
      { name: 'files', fileName: 'itau.ofx', content: statement, type: 'application/octet-stream' },
    ]);
    const uploaded = await call(context, 'POST', '/api/upload/', { token, ...body });
    expect(uploaded.statusCode).toBe(201);
    const file = uploaded.json().files[0];

    for (const app of [context, otherProcess]) {
      const download = await call(app, 'GET', file.file, { token });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(statement)).toBe(true);
    }
    const kept = (await listBucket()).filter((key) => key.endsWith('.ofx'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^private\/statements\//);
    // Nothing Prumo serves reaches a kept statement.
    const keptName = kept[0]?.slice('private/'.length);
    expect((await call(context, 'GET', `/media/${keptName}`)).statusCode).toBe(404);

    expect((await call(otherProcess, 'DELETE', `/api/file/${file.id}/`, { token })).statusCode).toBe(204);
    expect((await listBucket()).filter((key) => key.endsWith('.ofx'))).toEqual([]);
    expect((await call(context, 'GET', file.file, { token })).statusCode).toBe(404);
  });

  it('serves the organization’s logo at /media/ from the bucket, with the uploaded-file headers', async () => {
    const organization = await createTestOrganization(context);
    const body = buildMultipart([{ name: 'file', fileName: 'logo.png', content: tinyPng, type: 'image/png' }]);
    const upload = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...body });
    expect(upload.statusCode).toBe(200);
    const { logo } = upload.json();
    expect(await listBucket()).toContain(logo.slice(1));

    const served = await call(otherProcess, 'GET', logo);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect((await call(context, 'GET', '/media/logos/000000000000000000000000.png')).statusCode).toBe(404);
  });
});
