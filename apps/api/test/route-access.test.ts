import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { declaredAccess, registerAccess } from '../src/plugins/access';
import { createTestContext, type TestContext } from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
  await context.app.ready();
});

afterAll(async () => {
  await context.app.close();
});

const operationMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;

describe('every route declares who may call it', () => {
  it('an API route registered without an access declaration stops the app from being built', async () => {
    const app = Fastify();
    registerAccess(app, {} as Database);
    const registerUndeclared = async () => {
      app.get('/api/undeclared/', async () => ({}));
      await app.ready();
    };
    await expect(registerUndeclared()).rejects.toThrow('GET /api/undeclared/ declares no access (config.access)');
    await app.close();
  });

  it('each operation of the OpenAPI document has a declaration the access plugin enforces', () => {
    const document = context.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    // A parameter's pattern (`:kind(^[a-z-]+)create/`) is not part of the document's path.
    const declarations = new Set(
      [...(declaredAccess.get(context.app) ?? new Map()).keys()].map((route: string) =>
        route.replace(/:(\w+)\([^)]*\)/g, ':$1'),
      ),
    );
    const operations = Object.entries(document.paths).flatMap(([openApiPath, item]) =>
      operationMethods
        .filter((method) => item[method])
        .map((method) => `${method.toUpperCase()} ${openApiPath.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(operations.length).toBeGreaterThan(80);
    const missing = operations.filter((operation) => !declarations.has(operation));
    expect(missing).toEqual([]);
  });

  it('each operation describes its success answer with the code it really answers', () => {
    const document = context.app.swagger() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const undescribed = Object.entries(document.paths).flatMap(([openApiPath, item]) =>
      operationMethods
        .filter((method) => item[method])
        .filter((method) => !Object.keys(item[method]?.responses ?? {}).some((code) => /^2\d\d$/.test(code)))
        .map((method) => `${method.toUpperCase()} ${openApiPath}`),
    );
    expect(undescribed).toEqual([]);
  });
});
