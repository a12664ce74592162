import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A PNG's first bytes followed by a page with a script: a polyglot a browser might run as HTML. */
const polyglot = Buffer.concat([
  tinyPng,
  Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
]);

beforeAll(async () => {
  // A stand-in for the built web app: the headers do not depend on what it holds.
  const webDistDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(webDistDir, 'assets', 'index-abc.js'), 'console.log(1)');
  context = await createTestContext({ webDistDir });
  organization = await createTestOrganization(context);
});

function readPolicy(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...values] = directive.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

function expectPageHeaders(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  const policy = readPolicy(response);
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('script-src')).toBe("'self'");
  expect(policy.get('object-src')).toBe("'none'");
  expect(policy.get('img-src')).toContain("'self'");
  expect(policy.get('default-src')).toBe("'self'");
}

describe('security headers', () => {
  it('come with every API answer, a success, an error and an unknown address', async () => {
    const me = await call(context, 'GET', '/api/me/', { token: organization.client.token });
    expect(me.statusCode).toBe(200);
    expectPageHeaders(me);
    const anonymous = await call(context, 'GET', '/api/me/');
    expect(anonymous.statusCode).toBe(401);
    expectPageHeaders(anonymous);
    const unknown = await call(context, 'GET', '/api/nada/');
    expect(unknown.statusCode).toBe(404);
    expectPageHeaders(unknown);
    // Answered before routing: a malformed address, a parameter too long to route.
    for (const address of ['/api/organization/%E0%A4%A/', `/api/organization/${'x'.repeat(300)}/`]) {
      const early = await call(context, 'GET', address);
      expect(early.statusCode).toBeGreaterThanOrEqual(400);
      expect(early.headers['x-content-type-options']).toBe('nosniff');
      expect(early.headers['x-frame-options']).toBe('DENY');
      expect(readPolicy(early).get('frame-ancestors')).toBe("'none'");
    }
  });

  it('come with the web app: its first page, a page of an organization and its scripts', async () => {
    for (const address of ['/', '/demo/login', '/assets/index-abc.js']) {
      const response = await call(context, 'GET', address);
      expect(response.statusCode).toBe(200);
      expectPageHeaders(response);
    }
  });

  it('come with the API documentation', async () => {
    const docs = await call(context, 'GET', '/api/docs/');
    expect(docs.statusCode).toBe(200);
    expectPageHeaders(docs);
  });
});

describe('uploaded images', () => {
  it('are served with their own type, nosniff and a policy that runs nothing, even a PNG that is also HTML', async () => {
    const body = buildMultipart([
      { name: 'file', fileName: 'logo.png', content: polyglot, type: 'image/png' },
      // A file named as a page whose bytes are a PNG is stored (and served) as what its bytes are.
      { name: 'favicon', fileName: 'favicon.html', content: polyglot, type: 'text/html' },
    ]);
    const upload = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...body });
    expect(upload.statusCode).toBe(200);
    const { logo, favicon } = upload.json();
    expect(logo).toMatch(/^\/media\/logos\/[0-9a-f]+\.png$/);
    expect(favicon).toMatch(/^\/media\/favicons\/[0-9a-f]+\.png$/);
    for (const address of [logo, favicon]) {
      const served = await call(context, 'GET', address, { headers: { accept: 'text/html' } });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const policy = readPolicy(served);
      expect(policy.get('default-src')).toBe("'none'");
      expect(policy.has('sandbox')).toBe(true);
      expect(policy.has('script-src')).toBe(false);
      // E-mail clients show the organization's images from other sites.
      expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('refuses a page named .png: what is stored is what its bytes are', async () => {
    const page = buildMultipart([
      { name: 'file', fileName: 'logo.png', content: '<html><script>alert(1)</script></html>', type: 'image/png' },
    ]);
    const refused = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...page });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ file: ['Envie uma imagem PNG, BMP, JPEG.'] });
  });
});
