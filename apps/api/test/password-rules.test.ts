import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { verifyPassword } from '../src/lib/passwords';
import { isCommonPassword } from '../src/modules/accounts/common-passwords/common-passwords';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  type TestOrganization,
  testPassword,
} from './helpers/test-app';

const tooCommon = 'Esta senha é muito comum. Escolha uma mais difícil de adivinhar.';
const allDigits = 'A senha não pode ter apenas números.';
const strongPassword = 'Orcamento#Familia9';

let context: TestContext;
let organization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
});

let sequence = 0;
function newPerson(password: string) {
  sequence += 1;
  return {
    organization: organization.slug,
    email: `pessoa${sequence}@${organization.slug}.test`,
    first_name: 'Maria',
    last_name: 'Souza',
    phone: '(11) 98765-4321',
    cpf: '529.982.247-25',
    hash: organization.planner.row.invitationHash,
    password1: password,
    password2: password,
  };
}

async function findStoredHash(userId: number) {
  const [row] = await context.database.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row?.passwordHash ?? '';
}

describe('the list of common passwords', () => {
  it('holds thousands, worldwide and Brazilian, whatever the letter case and accents', () => {
    for (const password of [
      'senha123',
      'SENHA123',
      'brasil2024',
      'Flamengo',
      'flamengo10',
      'CORINTHIANS',
      'password1',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of [
      'SãoPaulo123',
      'marco2025',
      'Março2025',
      'p@$$w0rd',
      'Palmeiras#2031!',
      'qwertyuiop',
      ' senha123 ',
      'ｓｅｎｈａ１２３',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    for (const password of [strongPassword, testPassword, 'Prumo@2026', 'cavalo-bateria-grampo']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('registration', () => {
  it('refuses a common or all-digit password with a pt-BR field message, storing nothing', async () => {
    for (const [password, message] of [
      ['Senha123', tooCommon],
      ['BRASIL2024', tooCommon],
      ['flamengo', tooCommon],
      ['12345678901', allDigits],
    ] as const) {
      const person = newPerson(password);
      const response = await call(context, 'POST', '/api/rest-auth/registration/', {
        payload: { ...person, role: 'cliente' },
      });
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({ password1: [message] });
      expect(await context.database.db.select().from(users).where(eq(users.email, person.email))).toEqual([]);
    }
    const accepted = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: { ...newPerson(strongPassword), role: 'cliente' },
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('refuses them in the simple registration too', async () => {
    const { cpf: _cpf, ...person } = newPerson('Janeiro2025');
    const response = await call(context, 'POST', '/api/rest-auth/registration/simple/', { payload: person });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password1: [tooCommon] });
    const digits = await call(context, 'POST', '/api/rest-auth/registration/simple/', {
      payload: { ...person, password1: '20242025', password2: '20242025' },
    });
    expect(digits.json()).toEqual({ password1: [allDigits] });
  });

  it('refuses them for an organization’s first manager', async () => {
    const slug = `senhas-${sequence}-${Date.now()}`;
    const created = await call(context, 'POST', '/api/organization/', {
      payload: { name: 'Senhas', corporate_name: 'Senhas Finanças Ltda.', cnpj: '11.222.333/0001-81', slug },
    });
    expect(created.statusCode).toBe(201);
    const { organization: _organization, hash: _hash, ...person } = newPerson('Corinthians@123');
    const finish = (password: string) =>
      call(context, 'POST', `/api/organization/${slug}/finish-register/`, {
        payload: { ...person, password1: password, password2: password, token: created.json().registration_token },
      });
    const refused = await finish('Corinthians@123');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ password1: [tooCommon] });
    expect((await finish(strongPassword)).statusCode).toBe(201);
  });
});

const findLinkIn = (text: string) => /(http:\/\/prumo\.test\/\S+)/.exec(text)?.[1];

describe('password reset and change', () => {
  it('refuses a common new password at reset, keeping the link usable', async () => {
    const target = await createTestOrganization(context);
    await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: target.client.email, organization: target.slug },
    });
    const [uid, token] = findLinkInMail(context, target.client.email).split('/redefinir-senha/')[1]?.split('/') ?? [];
    const confirm = (password: string) =>
      call(context, 'POST', '/api/rest-auth/password/reset/confirm/', {
        payload: { uid, token, new_password1: password, new_password2: password },
      });
    const refused = await confirm('Gremio1983');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ new_password1: [tooCommon] });
    expect((await confirm('00000000000')).json()).toEqual({ new_password1: [allDigits] });
    expect((await confirm(strongPassword)).statusCode).toBe(200);
    expect(await verifyPassword(strongPassword, await findStoredHash(target.client.row.id))).toBe(true);
  });

  it('without an organization, sends each account holding the e-mail its own organization’s link, saying the same', async () => {
    const [first, second] = [await createTestOrganization(context), await createTestOrganization(context)];
    // One person, a client in both organizations.
    const email = first.client.email;
    await context.database.db.update(users).set({ email }).where(eq(users.id, second.client.row.id));
    const ask = (payload: object) => call(context, 'POST', '/api/rest-auth/password/reset/', { payload });
    const before = context.mailbox.length;
    const answer = await ask({ email });
    expect(answer.statusCode).toBe(200);
    const links = context.mailbox
      .slice(before)
      .filter((mail) => mail.to === email)
      .map((mail) => findLinkIn(mail.text));
    expect(links.map((link) => link?.split('/redefinir-senha/')[0]).sort()).toEqual(
      [`http://prumo.test/${first.slug}`, `http://prumo.test/${second.slug}`].sort(),
    );
    // Each link resets its own account only.
    const [uid, token] =
      links
        .find((link) => link?.includes(`/${second.slug}/`))
        ?.split('/redefinir-senha/')[1]
        ?.split('/') ?? [];
    const confirmed = await call(context, 'POST', '/api/rest-auth/password/reset/confirm/', {
      payload: { uid, token, new_password1: strongPassword, new_password2: strongPassword },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await verifyPassword(strongPassword, await findStoredHash(second.client.row.id))).toBe(true);
    expect(await verifyPassword(testPassword, await findStoredHash(first.client.row.id))).toBe(true);
    // An address with no account gets the same answer, and nothing is sent.
    const sent = context.mailbox.length;
    const unknown = await ask({ email: 'ninguem-aqui@prumo.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(answer.json());
    expect(context.mailbox.length).toBe(sent);
    // Named, the organization still limits the link to its own account.
    await ask({ email, organization: first.slug });
    expect(context.mailbox.slice(sent).map((mail) => findLinkIn(mail.text))).toEqual([
      expect.stringContaining(`/${first.slug}/redefinir-senha/`),
    ]);
  });

  it('refuses a common new password at change, keeping the old one', async () => {
    const target = await createTestOrganization(context);
    const change = (password: string) =>
      call(context, 'POST', '/api/rest-auth/password/change/', {
        token: target.planner.token,
        payload: { old_password: testPassword, new_password1: password, new_password2: password },
      });
    const refused = await change('iloveyou123');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ new_password1: [tooCommon] });
    expect((await change('987654321')).json()).toEqual({ new_password1: [allDigits] });
    expect(await verifyPassword(testPassword, await findStoredHash(target.planner.row.id))).toBe(true);
    expect((await change(strongPassword)).statusCode).toBe(200);
  });
});
