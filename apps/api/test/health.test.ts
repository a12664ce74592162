import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createEmbeddedCepLookup } from '../src/adapters/cep-lookup/embedded-cep-lookup';
import { createDiskStorage } from '../src/adapters/file-storage';
import { buildApp } from '../src/app';
import { readConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { call, createTestContext } from './helpers/test-app';

/** The app on the run's database, except that its health query meets a database that fails or hangs. */
async function buildAppWithFailingQueries(failQuery: () => Promise<never>) {
  const database = await openDatabase(inject('databaseUrl'));
  const failingDb = new Proxy(database.db, {
    get: (target, property, receiver) => (property === 'execute' ? failQuery : Reflect.get(target, property, receiver)),
  }) as Database;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-health-test-'));
  const app = await buildApp(
    {
      db: failingDb,
      mailer: { send: async () => undefined },
      storage: createDiskStorage(path.join(dataDir, 'media')),
      cepLookup: createEmbeddedCepLookup(),
      config: { ...readConfig({}), dataDir },
    },
    { jobs: { work: false } },
  );
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

describe('GET /api/health/', () => {
  it('answers 200 to anyone while the database answers', async () => {
    const context = await createTestContext();
    const response = await call(context, 'GET', '/api/health/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 with a pt-BR message when the database refuses', async () => {
    const app = await buildAppWithFailingQueries(() => Promise.reject(new Error('connect ECONNREFUSED')));
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'Banco de dados indisponível.' });
  });

  it('answers 503 within seconds when the database does not answer at all', async () => {
    const app = await buildAppWithFailingQueries(() => new Promise<never>(() => undefined));
    const startedAt = Date.now();
    const response = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(503);
    expect(Date.now() - startedAt).toBeLessThan(3_000);
  });
});
