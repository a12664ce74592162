import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../src/db/schema';
import { hashSecret } from '../src/lib/secrets';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  testPassword,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let expiredKey: string;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  const signIn = await call(context, 'POST', '/api/rest-auth/login/', {
    payload: { email: organization.manager.email, password: testPassword, organization: organization.slug },
  });
  expiredKey = signIn.json().key;
  await context.database.db
    .update(authTokens)
    .set({ expiresAt: new Date(Date.now() - 1) })
    .where(eq(authTokens.keyHash, hashSecret(expiredKey)));
});

/** Every call that needs a session, with a body that would otherwise be valid enough to reach the handler. */
const protectedCalls: ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
  ['GET', '/api/me/'],
  ['POST', '/api/rest-auth/logout/'],
  ['POST', '/api/rest-auth/password/change/'],
  ['POST', '/api/profiles/check-password/'],
  ['POST', '/api/profiles/edit/'],
  ['GET', '/api/profiles/clients/'],
  ['GET', '/api/profiles/planner/'],
  ['PUT', '/api/profiles/clients/change-planner/'],
  ['PUT', '/api/organization/demo/'],
  ['POST', '/api/logo/'],
  ['GET', '/api/custom_emails/'],
  ['GET', '/api/category/'],
  ['GET', '/api/description/'],
  ['GET', '/api/bank/'],
  ['GET', '/api/cash-flow/?start=2026-01-01&end=2026-01-31'],
  ['GET', '/api/cash-flow/summary/?start=2026-01-01&end=2026-01-31'],
  ['GET', '/api/cash-flow/transfer-asset/?start=2026-01-01&end=2026-01-31'],
  ['POST', '/api/transactions/create/'],
  ['POST', '/api/upload/'],
  ['GET', '/api/file/'],
  ['GET', '/api/pendency/'],
  ['GET', '/api/origin/'],
  ['GET', '/api/tasks/task/'],
  ['POST', '/api/tasks/notification/'],
  ['PUT', '/api/tasks/task/1/change-status/'],
  ['DELETE', '/api/tasks/task/1/'],
  ['GET', '/api/notification_settings/'],
  ['PATCH', '/api/notification_settings/'],
  ['GET', '/api/budget/'],
  ['GET', '/api/budget/1'],
  ['GET', '/api/budget/1/comparison'],
  ['POST', '/api/budget-item/'],
  ['DELETE', '/api/budget-item/1/'],
  ['GET', '/api/budget-ideal/'],
  ['POST', '/api/future-flow/budget-ideal/'],
  ['GET', '/api/tasks/budget-planning/'],
  ['PUT', '/api/tasks/budget-planning/1/finish/'],
  ['GET', '/api/future-flow/'],
  ['GET', '/api/future-flow/chart'],
  ['POST', '/api/future-flow/create/'],
  ['PUT', '/api/future-flow/edit/'],
];

describe('calls that need a session', () => {
  it.each(protectedCalls)(
    '%s %s answers 401 without a key, with a garbage key and with an expired key',
    async (method, url) => {
      const missing = await call(context, method, url);
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ detail: 'As credenciais de autenticação não foram fornecidas.' });
      const garbage = await call(context, method, url, { token: 'nao-e-uma-chave' });
      expect(garbage.statusCode).toBe(401);
      expect(garbage.json()).toEqual({ detail: 'Token inválido.' });
      const expired = await call(context, method, url, { token: expiredKey });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ detail: 'Sessão expirada. Faça login novamente.' });
    },
  );
});

describe('calls that need no session', () => {
  it('serves the OpenAPI document to anyone and answers 404 for unknown addresses', async () => {
    const docs = await call(context, 'GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toContain('/api/rest-auth/login/');
    const unknown = await call(context, 'GET', '/api/nao-existe/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Não encontrado.' });
  });
});
