import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

describe('compressed API answers', () => {
  let context: TestContext;
  let organization: TestOrganization;
  beforeAll(async () => {
    context = await createTestContext();
    organization = await createTestOrganization(context);
  });
  const readCategories = (acceptEncoding?: string) =>
    call(context, 'GET', '/api/category/', {
      token: organization.client.token,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a large JSON answer brotli-compressed to a browser, the same JSON inside', async () => {
    const plain = await readCategories();
    const compressed = await readCategories('gzip, deflate, br, zstd');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip to a caller that takes only gzip, and nothing compressed to one that refuses both', async () => {
    const gzip = await readCategories('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual((await readCategories()).json());
    const refused = await readCategories('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().length).toBeGreaterThan(0);
  });

  it('leaves small answers and errors plain', async () => {
    const health = await call(context, 'GET', '/api/health/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
    const unauthorized = await call(context, 'GET', '/api/category/', { headers: { 'accept-encoding': 'br' } });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
  });
});
