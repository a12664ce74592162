import { beforeAll, describe, expect, it } from 'vitest';
import { liveTicketsPerAddress } from '../src/modules/live/live.routes';
import { rateLimitMessage } from '../src/plugins/rate-limit';
import {
  type CallOptions,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let otherProcess: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext({ rateLimitScale: 1 });
  // A second app on the same database: another Prumo process.
  otherProcess = await createTestContext({ rateLimitScale: 1 });
  organization = await createTestOrganization(context);
});

// The count lives in the run's database, which every test file shares: each test calls from an
// address of its own.
const fromAddress = (remoteAddress: string, options: CallOptions): CallOptions => ({ ...options, remoteAddress });

describe('per-address limits on public calls that send e-mail or create things', () => {
  it('answers 429 after 10 password-reset requests from one address, and sends no more e-mail', async () => {
    const options = fromAddress('198.51.100.1', {
      payload: { email: organization.client.email, organization: organization.slug },
    });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await call(context, 'POST', '/api/rest-auth/password/reset/', options)).statusCode).toBe(200);
    }
    const sent = context.mailbox.length;
    const blocked = await call(context, 'POST', '/api/rest-auth/password/reset/', options);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'Muitas solicitações deste endereço. Aguarde alguns minutos e tente novamente.',
    });
    expect(context.mailbox.length).toBe(sent);
    // Other calls keep their own count, and so do other addresses.
    expect((await call(context, 'POST', '/api/rest-auth/access-link/', options)).statusCode).toBe(200);
    const elsewhere = fromAddress('198.51.100.2', options);
    expect((await call(context, 'POST', '/api/rest-auth/password/reset/', elsewhere)).statusCode).toBe(200);
  });

  it('lets one address create at most 5 organizations in the window', async () => {
    const create = (index: number) =>
      call(
        context,
        'POST',
        '/api/organization/',
        fromAddress('198.51.100.3', {
          payload: {
            name: `Nova ${index}`,
            corporate_name: 'Nova Finanças Ltda.',
            cnpj: '11222333000181',
            slug: `limite-${Date.now()}-${index}`,
          },
        }),
      );
    for (let index = 0; index < 5; index++) expect((await create(index)).statusCode).toBe(201);
    expect((await create(5)).statusCode).toBe(429);
  });

  it('counts the calls an address makes to every process on the database', async () => {
    const options = fromAddress('198.51.100.4', {
      payload: { email: organization.client.email, organization: organization.slug },
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await call(context, 'POST', '/api/rest-auth/password/reset/', options)).statusCode).toBe(200);
      expect((await call(otherProcess, 'POST', '/api/rest-auth/password/reset/', options)).statusCode).toBe(200);
    }
    for (const app of [context, otherProcess]) {
      const blocked = await call(app, 'POST', '/api/rest-auth/password/reset/', options);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ detail: rateLimitMessage });
    }
  });
});

describe('per-address limits on signed-in calls that write a row each', () => {
  it('gives one address at most 600 live tickets in the window', async () => {
    const options = fromAddress('198.51.100.7', { token: organization.client.token });
    const answers = await Promise.all(
      Array.from({ length: liveTicketsPerAddress }, () => call(context, 'POST', '/api/live/ticket/', options)),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    const blocked = await call(context, 'POST', '/api/live/ticket/', options);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: rateLimitMessage });
  });
});

describe('per-address limits behind a load balancer', () => {
  const resetFrom = (app: TestContext, remoteAddress: string, forwardedFor: string) =>
    call(app, 'POST', '/api/rest-auth/password/reset/', {
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: organization.client.email, organization: organization.slug },
    });

  it('count the caller named by a trusted proxy (TRUST_PROXY), each caller apart', async () => {
    const behindProxy = await createTestContext({ rateLimitScale: 1, environment: { TRUST_PROXY: '10.0.0.0/8' } });
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await resetFrom(behindProxy, '10.1.2.3', '203.0.113.9')).statusCode).toBe(200);
    }
    expect((await resetFrom(behindProxy, '10.1.2.4', '203.0.113.9')).statusCode).toBe(429);
    expect((await resetFrom(behindProxy, '10.1.2.3', '203.0.113.10')).statusCode).toBe(200);
  });

  it('ignore X-Forwarded-For from a sender that is not a trusted proxy', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await resetFrom(context, '198.51.100.5', `203.0.113.${attempt}`)).statusCode).toBe(200);
    }
    expect((await resetFrom(context, '198.51.100.5', '203.0.113.99')).statusCode).toBe(429);
  });
});
