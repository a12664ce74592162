import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  testPassword,
} from './helpers/test-app';

let firstProcess: TestContext;
let secondProcess: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  // Two apps on one database, as two Prumo processes behind a load balancer.
  firstProcess = await createTestContext();
  secondProcess = await createTestContext();
  organization = await createTestOrganization(firstProcess);
});

/** How long another process may still accept a signed-out key: its session reuse (3 s) and a margin. */
const revocationMilliseconds = 4_000;

async function waitForStatus(context: TestContext, token: string, status: number): Promise<number> {
  const startedAt = Date.now();
  while (Date.now() - startedAt < revocationMilliseconds + 2_000) {
    const response = await call(context, 'GET', '/api/me/', { token });
    if (response.statusCode === status) return Date.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`still no ${status} after ${revocationMilliseconds + 2_000} ms`);
}

describe('a session on two processes sharing one database', () => {
  it('opened on one works on the other, and signing out on one ends it on the other within seconds', async () => {
    const signIn = await call(firstProcess, 'POST', '/api/rest-auth/login/', {
      payload: { email: organization.client.email, password: testPassword, organization: organization.slug },
    });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().key as string;

    const onSecond = await call(secondProcess, 'GET', '/api/me/', { token });
    expect(onSecond.statusCode).toBe(200);
    expect(onSecond.json().email).toBe(organization.client.email);

    expect((await call(firstProcess, 'POST', '/api/rest-auth/logout/', { token })).statusCode).toBe(200);
    expect((await call(firstProcess, 'GET', '/api/me/', { token })).statusCode).toBe(401);
    const elapsed = await waitForStatus(secondProcess, token, 401);
    expect(elapsed).toBeLessThan(revocationMilliseconds);
    expect((await call(secondProcess, 'GET', '/api/me/', { token })).json()).toEqual({ detail: 'Token inválido.' });
  });
});
