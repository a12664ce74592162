import { beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext({ rateLimitScale: 1 });
  organization = await createTestOrganization(context);
});

describe('per-address limits on public calls that send e-mail or create things', () => {
  it('answers 429 after 10 password-reset requests from one address, and sends no more e-mail', async () => {
    const payload = { email: organization.client.email, organization: organization.slug };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await call(context, 'POST', '/api/rest-auth/password/reset/', { payload })).statusCode).toBe(200);
    }
    const sent = context.mailbox.length;
    const blocked = await call(context, 'POST', '/api/rest-auth/password/reset/', { payload });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      detail: 'Muitas solicitações deste endereço. Aguarde alguns minutos e tente novamente.',
    });
    expect(context.mailbox.length).toBe(sent);
    // Other calls keep their own count.
    const accessLink = await call(context, 'POST', '/api/rest-auth/access-link/', { payload });
    expect(accessLink.statusCode).toBe(200);
  });

  it('lets one address create at most 5 organizations in the window', async () => {
    const create = (index: number) =>
      call(context, 'POST', '/api/organization/', {
        payload: {
          name: `Nova ${index}`,
          corporate_name: 'Nova Finanças Ltda.',
          cnpj: '11222333000181',
          slug: `limite-${Date.now()}-${index}`,
        },
      });
    for (let index = 0; index < 5; index++) expect((await create(index)).statusCode).toBe(201);
    expect((await create(5)).statusCode).toBe(429);
  });
});
