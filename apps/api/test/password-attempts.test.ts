import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { users } from '../src/db/schema';
import { hashPassword, verifyPassword } from '../src/lib/passwords';
import {
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestUser,
  testPassword,
} from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

function signInFrom(address: string, email: string, password: string, slug: string, into = context) {
  return into.app.inject({
    method: 'POST',
    url: '/api/rest-auth/login/',
    payload: { email, password, organization: slug },
    remoteAddress: address,
  });
}

function callFrom(address: string, user: TestUser, url: string, payload: object) {
  return context.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: address,
    headers: { authorization: `Token ${user.token}` },
  });
}

function countStatuses(responses: { statusCode: number }[]) {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

describe('sign-in attempts', () => {
  it('checks at most 5 of 40 parallel wrong passwords on one account', async () => {
    const target = await createTestOrganization(context);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        signInFrom('198.51.100.1', target.client.email, `errada-${attempt}`, target.slug),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 5, 429: 35 });
    const blocked = await signInFrom('198.51.100.1', target.client.email, testPassword, target.slug);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: 'Muitas tentativas de login. Aguarde 15 minutos e tente novamente.' });
  });

  it('does not lock the owner out from another address', async () => {
    const target = await createTestOrganization(context);
    for (let attempt = 0; attempt < 6; attempt++) {
      await signInFrom('198.51.100.2', target.manager.email, 'errada-123', target.slug);
    }
    expect((await signInFrom('198.51.100.2', target.manager.email, testPassword, target.slug)).statusCode).toBe(429);
    expect((await signInFrom('203.0.113.9', target.manager.email, testPassword, target.slug)).statusCode).toBe(200);
    // The owner's success forgets only their own address's failures: the attacker stays blocked.
    expect((await signInFrom('198.51.100.2', target.manager.email, testPassword, target.slug)).statusCode).toBe(429);
  });

  it('counts by the connection’s address, not by X-Forwarded-For, which the caller writes', async () => {
    const target = await createTestOrganization(context);
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/rest-auth/login/',
        payload: { email: target.client.email, password: 'errada-123', organization: target.slug },
        remoteAddress: '198.51.100.8',
        headers: { 'x-forwarded-for': `203.0.113.${attempt + 20}`, 'x-real-ip': `203.0.113.${attempt + 20}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });

  it('stops one address after 20 failures over any accounts, and only that address', async () => {
    const target = await createTestOrganization(context);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        signInFrom('198.51.100.3', `pessoa${attempt}@${target.slug}.test`, 'errada-123', target.slug),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 20, 429: 10 });
    expect((await signInFrom('198.51.100.3', target.planner.email, testPassword, target.slug)).statusCode).toBe(429);
    expect((await signInFrom('203.0.113.10', target.planner.email, testPassword, target.slug)).statusCode).toBe(200);
  });
});

describe('password checks of a signed-in user', () => {
  it('limits check-password to 5 wrong passwords, even 40 in parallel', async () => {
    const target = await createTestOrganization(context);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, attempt) =>
        callFrom('198.51.100.4', target.client, '/api/profiles/check-password/', { password: `errada-${attempt}` }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 400: 5, 429: 35 });
    const right = await callFrom('198.51.100.4', target.client, '/api/profiles/check-password/', {
      password: testPassword,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({
      detail: 'Muitas tentativas com a senha errada. Aguarde 15 minutos e tente novamente.',
    });
  });

  it('limits wrong current passwords in password change, counted with check-password', async () => {
    const target = await createTestOrganization(context);
    const change = (oldPassword: string) =>
      callFrom('198.51.100.5', target.planner, '/api/rest-auth/password/change/', {
        old_password: oldPassword,
        new_password1: 'Orcamento#Familia9',
        new_password2: 'Orcamento#Familia9',
      });
    for (let attempt = 0; attempt < 2; attempt++) {
      const wrong = await callFrom('198.51.100.5', target.planner, '/api/profiles/check-password/', {
        password: 'errada-123',
      });
      expect(wrong.statusCode).toBe(400);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = await change(`errada-${attempt}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ old_password: ['Senha atual incorreta.'] });
    }
    const blocked = await change(testPassword);
    expect(blocked.statusCode).toBe(429);
    const [stored] = await context.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, target.planner.row.id));
    expect(await verifyPassword(testPassword, stored?.passwordHash ?? '')).toBe(true);
  });

  it('forgets the failures after the right password', async () => {
    const target = await createTestOrganization(context);
    const check = (password: string) =>
      callFrom('198.51.100.6', target.manager, '/api/profiles/check-password/', { password });
    for (let round = 0; round < 3; round++) {
      for (let attempt = 0; attempt < 4; attempt++) expect((await check('errada-123')).statusCode).toBe(400);
      expect((await check(testPassword)).json()).toEqual({ valid: true });
    }
  });
});

describe('password hashes', () => {
  it('cost N = 2^17 or more in production', async () => {
    expect(readConfig({}).passwordHashCost).toBeGreaterThanOrEqual(2 ** 17);
    const [, cost, blockSize] = (await hashPassword('Orcamento#Familia9')).split('$');
    expect(Number(cost)).toBeGreaterThanOrEqual(2 ** 17);
    expect(Number(blockSize)).toBe(8);
  });

  it('rehashes an older, cheaper hash at the next sign-in', async () => {
    const production = await createTestContext({ environment: {} });
    const target = await createTestOrganization(production);
    const oldHash = await hashPassword(testPassword, 16384);
    expect(oldHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    await production.database.db.update(users).set({ passwordHash: oldHash }).where(eq(users.id, target.client.row.id));

    expect(
      (await signInFrom('198.51.100.7', target.client.email, testPassword, target.slug, production)).statusCode,
    ).toBe(200);
    const [stored] = await production.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, target.client.row.id));
    expect(stored?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(
      (await signInFrom('198.51.100.7', target.client.email, testPassword, target.slug, production)).statusCode,
    ).toBe(200);
  });
});

describe('per-address limits of public calls', () => {
  it('let 10 of 30 parallel access-link requests from one address through, and no more', async () => {
    const strict = await createTestContext({ rateLimitScale: 1 });
    const target = await createTestOrganization(strict);
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/rest-auth/access-link/',
          payload: { email: target.client.email, organization: target.slug },
          remoteAddress: '198.51.100.9',
        }),
      ),
    );
    expect(countStatuses(responses)).toEqual({ 200: 10, 429: 20 });
    await strict.app.jobs.workDueJobs();
    expect(strict.mailbox.filter((mail) => mail.to === target.client.email)).toHaveLength(10);
  });
});
