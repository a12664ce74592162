import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, loginFailures, users } from '../src/db/schema';
import { hashSecret } from '../src/lib/secrets';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  type TestOrganization,
  testPassword,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

function signIn(email: string, password: string, slug: string, headers?: Record<string, string>) {
  return call(context, 'POST', '/api/rest-auth/login/', { payload: { email, password, organization: slug }, headers });
}

describe('POST rest-auth/login/', () => {
  it('answers a key that opens me/ as that user', async () => {
    const response = await signIn(organization.client.email, testPassword, organization.slug);
    expect(response.statusCode).toBe(200);
    const { key } = response.json();
    const me = await call(context, 'GET', '/api/me/', { token: key });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: organization.client.email, view: 'client', level: 1 });
    const [stored] = await context.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.keyHash, hashSecret(key)));
    expect(stored?.userId).toBe(organization.client.row.id);
  });

  it('accepts the e-mail in any letter case', async () => {
    const response = await signIn(organization.planner.email.toUpperCase(), testPassword, organization.slug);
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 for a wrong password or an unknown e-mail', async () => {
    const wrongPassword = await signIn(organization.manager.email, 'outra-senha', organization.slug);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ detail: 'E-mail ou senha incorretos.' });
    const unknown = await signIn(`ninguem@${organization.slug}.test`, testPassword, organization.slug);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'E-mail ou senha incorretos.' });
  });

  it('answers 403 when the account exists only in another organization', async () => {
    const response = await signIn(otherOrganization.client.email, testPassword, organization.slug);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Organizacao incorreta' });
  });

  it('answers 404 for an unknown organization and 400 with field messages for a bad body', async () => {
    const unknown = await signIn(organization.client.email, testPassword, 'nao-existe-mesmo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Organização não encontrada' });
    const bad = await call(context, 'POST', '/api/rest-auth/login/', {
      payload: { email: 'sem-arroba', password: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      email: ['Esse campo precisa ser um e-mail válido'],
      password: ['Esse campo é obrigatório.'],
      organization: ['Este campo é obrigatório'],
    });
  });

  it('refuses an account whose e-mail is not confirmed yet', async () => {
    await context.database.db
      .update(users)
      .set({ confirmed: false })
      .where(eq(users.id, organization.loneClient.row.id));
    const response = await signIn(organization.loneClient.email, testPassword, organization.slug);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Confirme seu e-mail antes de entrar.', code: 'email_not_confirmed' });
    await context.database.db
      .update(users)
      .set({ confirmed: true })
      .where(eq(users.id, organization.loneClient.row.id));
  });

  it('throttles an account after 5 failures, even with the right password', async () => {
    const target = await createTestOrganization(context);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(target.client.email, 'errada-123', target.slug)).statusCode).toBe(400);
    }
    const blocked = await signIn(target.client.email, testPassword, target.slug);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/Muitas tentativas/);
    await context.database.db
      .delete(loginFailures)
      .where(eq(loginFailures.accountKey, `${target.id}:${target.client.email}`));
    expect((await signIn(target.client.email, testPassword, target.slug)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 without a key, with a garbage key and with an expired key', async () => {
    const missing = await call(context, 'GET', '/api/me/');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'As credenciais de autenticação não foram fornecidas.' });
    const garbage = await call(context, 'GET', '/api/me/', { token: 'lixo' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toEqual({ detail: 'Token inválido.' });

    const key = (await signIn(organization.planner.email, testPassword, organization.slug)).json().key;
    await context.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.keyHash, hashSecret(key)));
    const expired = await call(context, 'GET', '/api/me/', { token: key });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Sessão expirada. Faça login novamente.' });
  });

  it('ends a session 2 hours after sign-in', async () => {
    const response = await signIn(organization.manager.email, testPassword, organization.slug);
    const expiresAt = new Date(response.json().expires_at).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(2 * 60 * 60 * 1000 - 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(2 * 60 * 60 * 1000);
  });

  it('signs out: the key stops working', async () => {
    const key = (await signIn(organization.client.email, testPassword, organization.slug)).json().key;
    expect((await call(context, 'POST', '/api/rest-auth/logout/', { token: key })).statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/me/', { token: key })).statusCode).toBe(401);
  });

  it('ignores a stale key on public calls such as sign-in', async () => {
    const response = await signIn(organization.client.email, testPassword, organization.slug, {
      authorization: 'Token velho',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET me/', () => {
  it('gives a client their organization, planner and toggles', async () => {
    const response = await call(context, 'GET', '/api/me/', { token: organization.client.token });
    const persona = response.json();
    expect(persona).toMatchObject({
      id: organization.client.row.id,
      first_name: 'cliente',
      view: 'client',
      level: 1,
      organization: { slug: organization.slug, primary_color: '123456' },
      planner: { user: { id: organization.planner.row.id, email: organization.planner.email } },
      has_pending_subscription: false,
      is_external: false,
    });
    expect(persona.permissions).toContainEqual({ codename: 'future_flow' });
    expect(persona.hash).toEqual(organization.client.row.invitationHash);
  });

  it('gives a manager level 3 and no planner', async () => {
    const persona = (await call(context, 'GET', '/api/me/', { token: organization.manager.token })).json();
    expect(persona).toMatchObject({ view: 'manager', level: 3, planner: null });
  });
});

describe('fast access', () => {
  it('signs in once through the e-mailed link', async () => {
    const requested = await call(context, 'POST', '/api/rest-auth/access-link/', {
      payload: { email: organization.planner.email, organization: organization.slug },
    });
    expect(requested.statusCode).toBe(200);
    const token = findLinkInMail(context, organization.planner.email).split('/access/')[1];
    const first = await call(context, 'POST', '/api/rest-auth/access/', { payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().organization).toBe(organization.slug);
    expect((await call(context, 'GET', '/api/me/', { token: first.json().key })).json().email).toBe(
      organization.planner.email,
    );
    const second = await call(context, 'POST', '/api/rest-auth/access/', { payload: { token } });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ detail: 'Link de acesso inválido ou expirado.' });
  });

  it('sends nothing for an unknown e-mail and still answers 200', async () => {
    const before = context.mailbox.length;
    const response = await call(context, 'POST', '/api/rest-auth/access-link/', {
      payload: { email: 'ninguem@exemplo.com', organization: organization.slug },
    });
    expect(response.statusCode).toBe(200);
    expect(context.mailbox.length).toBe(before);
  });
});
