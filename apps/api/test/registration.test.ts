import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../src/db/schema';
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

let sequence = 0;
function newPerson(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    organization: organization.slug,
    email: `pessoa${sequence}@exemplo.com.br`,
    first_name: 'Maria',
    last_name: 'Souza',
    phone: '(11) 98765-4321',
    cpf: '529.982.247-25',
    password1: 'segredo123',
    password2: 'segredo123',
    ...overrides,
  };
}

async function findStoredUser(email: string, organizationId = organization.id) {
  const [row] = await context.database.db
    .select({
      id: users.id,
      confirmed: users.confirmed,
      cpf: users.cpf,
      phone: users.phone,
      level: profiles.accessLevel,
      plannerUserId: profiles.plannerUserId,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.email, email), eq(users.organizationId, organizationId)));
  return row;
}

describe('POST rest-auth/registration/', () => {
  it('registers a client of the inviting planner, unconfirmed, and e-mails the confirmation link', async () => {
    const person = newPerson({ role: 'cliente', hash: organization.planner.row.invitationHash });
    const response = await call(context, 'POST', '/api/rest-auth/registration/', { payload: person });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: 'Conta criada' });
    expect(await findStoredUser(person.email)).toEqual({
      id: expect.any(Number),
      confirmed: false,
      cpf: '52998224725',
      phone: '11987654321',
      level: 'client',
      plannerUserId: organization.planner.row.id,
    });

    const signInBefore = await call(context, 'POST', '/api/rest-auth/login/', {
      payload: { email: person.email, password: person.password1, organization: organization.slug },
    });
    expect(signInBefore.json()).toEqual({
      detail: 'Confirme seu e-mail antes de entrar.',
      code: 'email_not_confirmed',
    });

    const link = findLinkInMail(context, person.email);
    expect(link).toMatch(new RegExp(`^http://prumo.test/${organization.slug}/confirmar/`));
    const key = link.split('/confirmar/')[1];
    const confirmed = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'E-mail confirmado', plan: null });
    const again = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Link de confirmação inválido ou expirado.' });

    const signIn = await call(context, 'POST', '/api/rest-auth/login/', {
      payload: { email: person.email, password: person.password1, organization: organization.slug },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('answers the plan of a sign-up link when the e-mail is confirmed, for its payment in whichever browser', async () => {
    const planHash = 'Zx9_aB-cdEfGhIjKlMnOpQ';
    const confirmPlanOf = async (plan: string) => {
      const person = newPerson({ role: 'cliente', hash: organization.planner.row.invitationHash, plan });
      const created = await call(context, 'POST', '/api/rest-auth/registration/', { payload: person });
      expect(created.statusCode, created.body).toBe(201);
      const key = findLinkInMail(context, person.email).split('/confirmar/')[1];
      const confirmed = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key } });
      expect(confirmed.statusCode).toBe(200);
      return confirmed.json();
    };
    expect(await confirmPlanOf(planHash)).toEqual({ detail: 'E-mail confirmado', plan: planHash });
    // What no plan link carries is not handed to the browser as a place to go.
    expect(await confirmPlanOf('../configuracao/financeiro')).toEqual({ detail: 'E-mail confirmado', plan: null });
  });

  it('lets a manager invite a planner through a planner link', async () => {
    const created = await call(context, 'POST', '/api/invitations/', {
      token: organization.manager.token,
      payload: { role: 'planejador' },
    });
    expect(created.statusCode).toBe(201);
    const person = newPerson({ role: 'planejador', hash: created.json().token });
    expect((await call(context, 'POST', '/api/rest-auth/registration/', { payload: person })).statusCode).toBe(201);
    expect((await findStoredUser(person.email))?.level).toBe('planner');
  });

  it('refuses a role the link was not issued for, an unknown hash and a hash of another organization', async () => {
    const byPlanner = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({ role: 'gestor', hash: organization.planner.row.invitationHash }),
    });
    expect(byPlanner.statusCode).toBe(400);
    expect(byPlanner.json()).toEqual({ hash: ['Este convite não permite cadastrar este perfil.'] });
    // A client's hash never invited anyone.
    const byClient = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({ role: 'cliente', hash: organization.client.row.invitationHash }),
    });
    expect(byClient.json()).toEqual({ hash: ['Convite inválido.'] });
    const unknown = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({ role: 'cliente', hash: 'nao-existe' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ hash: ['Convite inválido.'] });
    const foreign = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({ role: 'cliente', hash: otherOrganization.manager.row.invitationHash }),
    });
    expect(foreign.json()).toEqual({ hash: ['Convite inválido.'] });
    const badRole = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({ role: 'admin', hash: organization.manager.row.invitationHash }),
    });
    expect(badRole.json()).toEqual({ role: ['Perfil inválido.'] });
  });

  it('refuses an e-mail already registered in the organization, but not in another', async () => {
    const taken = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({
        role: 'cliente',
        hash: organization.manager.row.invitationHash,
        email: organization.client.email,
      }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['Já existe uma conta com este e-mail.'] });
    const elsewhere = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({
        organization: otherOrganization.slug,
        role: 'cliente',
        hash: otherOrganization.manager.row.invitationHash,
        email: organization.client.email,
      }),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('gives each invalid field its message and stores nothing', async () => {
    const response = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({
        role: 'cliente',
        hash: organization.manager.row.invitationHash,
        email: 'invalido',
        first_name: 'Jo',
        last_name: 'x'.repeat(151),
        phone: '(11) 9876',
        cpf: '123.456.789-00',
        password1: 'curta',
        password2: 'curta',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ['Esse campo precisa ser um e-mail válido'],
      first_name: ['Esse campo é obrigatório'],
      last_name: ['Limite de 150 excedido'],
      phone: ['Número de telefone inválido'],
      cpf: ['Cpf inválido'],
      password1: ['Mínimo 8 caracteres'],
    });
    const mismatch = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: newPerson({ role: 'cliente', hash: organization.manager.row.invitationHash, password2: 'segredo124' }),
    });
    expect(mismatch.json()).toEqual({ password2: ['Senhas precisam ser iguais'] });
  });
});

describe('POST rest-auth/registration/simple/', () => {
  it('registers a client without CPF', async () => {
    const { cpf: _cpf, ...person } = newPerson({ hash: organization.planner.row.invitationHash });
    const response = await call(context, 'POST', '/api/rest-auth/registration/simple/', { payload: person });
    expect(response.statusCode).toBe(201);
    expect(await findStoredUser(person.email)).toMatchObject({
      level: 'client',
      cpf: null,
      plannerUserId: organization.planner.row.id,
    });
  });
});

describe('GET invitation/{hash}/', () => {
  it('tells who invites and the one role the link grants', async () => {
    const response = await call(
      context,
      'GET',
      `/api/invitation/${organization.planner.row.invitationHash}/?organization=${organization.slug}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      inviter: { first_name: 'planejador', last_name: 'Teste' },
      inviter_role: 'planner',
      role: 'client',
      roles: ['client'],
    });
    const client = await call(
      context,
      'GET',
      `/api/invitation/${organization.client.row.invitationHash}/?organization=${organization.slug}`,
    );
    expect(client.statusCode).toBe(404);
    const foreign = await call(
      context,
      'GET',
      `/api/invitation/${organization.planner.row.invitationHash}/?organization=${otherOrganization.slug}`,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET resend-activate/', () => {
  it('sends a new confirmation link to an unconfirmed account only', async () => {
    const person = newPerson({ role: 'cliente', hash: organization.manager.row.invitationHash });
    await call(context, 'POST', '/api/rest-auth/registration/', { payload: person });
    const before = context.mailbox.length;
    const response = await call(
      context,
      'GET',
      `/api/resend-activate/?email=${person.email}&organization=${organization.slug}`,
    );
    expect(response.statusCode).toBe(200);
    expect(context.mailbox.length).toBe(before + 1);
    await call(
      context,
      'GET',
      `/api/resend-activate/?email=${organization.client.email}&organization=${organization.slug}`,
    );
    expect(context.mailbox.length).toBe(before + 1);
  });
});

describe('password reset', () => {
  it('resets through the e-mailed link once and ends the old sessions', async () => {
    const target = await createTestOrganization(context);
    // A session in use just before the reset (so the server has just looked it up).
    expect((await call(context, 'GET', '/api/me/', { token: target.client.token })).statusCode).toBe(200);
    const requested = await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: target.client.email, organization: target.slug },
    });
    expect(requested.statusCode).toBe(200);
    const [uid, token] = findLinkInMail(context, target.client.email).split('/redefinir-senha/')[1]?.split('/') ?? [];
    const payload = { uid, token, new_password1: 'NovaSenha@2026', new_password2: 'NovaSenha@2026' };
    const confirmed = await call(context, 'POST', '/api/rest-auth/password/reset/confirm/', { payload });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'Senha alterada' });
    expect((await call(context, 'GET', '/api/me/', { token: target.client.token })).statusCode).toBe(401);
    const reused = await call(context, 'POST', '/api/rest-auth/password/reset/confirm/', { payload });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ token: ['Link inválido ou expirado.'] });
    const oldPassword = await call(context, 'POST', '/api/rest-auth/login/', {
      payload: { email: target.client.email, password: testPassword, organization: target.slug },
    });
    expect(oldPassword.statusCode).toBe(400);
    const newPassword = await call(context, 'POST', '/api/rest-auth/login/', {
      payload: { email: target.client.email, password: 'NovaSenha@2026', organization: target.slug },
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a token with another user uid, and answers 200 for unknown e-mails', async () => {
    const target = await createTestOrganization(context);
    await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: target.client.email, organization: target.slug },
    });
    const token = findLinkInMail(context, target.client.email).split('/').at(-1);
    const otherUid = Buffer.from(String(target.manager.row.id)).toString('base64url');
    const response = await call(context, 'POST', '/api/rest-auth/password/reset/confirm/', {
      payload: { uid: otherUid, token, new_password1: 'NovaSenha@2026', new_password2: 'NovaSenha@2026' },
    });
    expect(response.statusCode).toBe(400);
    const unknown = await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: 'ninguem@exemplo.com', organization: target.slug },
    });
    expect(unknown.statusCode).toBe(200);
  });
});

describe('password change and check', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const target = await createTestOrganization(context);
    const otherSession = (
      await call(context, 'POST', '/api/rest-auth/login/', {
        payload: { email: target.planner.email, password: testPassword, organization: target.slug },
      })
    ).json().key;
    // In use just before the change (so the server has just looked it up).
    expect((await call(context, 'GET', '/api/me/', { token: otherSession })).statusCode).toBe(200);
    const wrong = await call(context, 'POST', '/api/rest-auth/password/change/', {
      token: target.planner.token,
      payload: { old_password: 'errada', new_password1: 'NovaSenha@2026', new_password2: 'NovaSenha@2026' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ old_password: ['Senha atual incorreta.'] });
    const changed = await call(context, 'POST', '/api/rest-auth/password/change/', {
      token: target.planner.token,
      payload: { old_password: testPassword, new_password1: 'NovaSenha@2026', new_password2: 'NovaSenha@2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/me/', { token: target.planner.token })).statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/me/', { token: otherSession })).statusCode).toBe(401);
    const check = await call(context, 'POST', '/api/profiles/check-password/', {
      token: target.planner.token,
      payload: { password: 'NovaSenha@2026' },
    });
    expect(check.json()).toEqual({ valid: true });
    const badCheck = await call(context, 'POST', '/api/profiles/check-password/', {
      token: target.planner.token,
      payload: { password: testPassword },
    });
    expect(badCheck.statusCode).toBe(400);
    expect(badCheck.json()).toEqual({ password: ['Senha incorreta.'] });
  });

  it('needs a session', async () => {
    const response = await call(context, 'POST', '/api/rest-auth/password/change/', {
      payload: { old_password: 'x', new_password1: 'NovaSenha@2026', new_password2: 'NovaSenha@2026' },
    });
    expect(response.statusCode).toBe(401);
  });
});
