import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, users } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  testPassword,
} from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

const tooMany = 'Muitas solicitações deste endereço. Aguarde alguns minutos e tente novamente.';

function signIn(email: string, password: string, organization: string) {
  return call(context, 'POST', '/api/rest-auth/login/', { payload: { email, password, organization } });
}

function readKey(link: string): string {
  const key = link.split('/confirmar/')[1];
  if (!key) throw new Error(`no key in ${link}`);
  return key;
}

describe('POST change-password/', () => {
  it('refuses a wrong current password on old_password', async () => {
    const target = await createTestOrganization(context);
    const response = await call(context, 'POST', '/api/change-password/', {
      token: target.client.token,
      payload: { old_password: 'errada-123', new_password1: 'Outra@senha9', new_password2: 'Outra@senha9' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ old_password: ['Senha atual incorreta.'] });
  });

  it('refuses a weak new password with the rules of every other form', async () => {
    const target = await createTestOrganization(context);
    const change = (new_password1: string) =>
      call(context, 'POST', '/api/change-password/', {
        token: target.client.token,
        payload: { old_password: testPassword, new_password1, new_password2: new_password1 },
      });
    expect((await change('12345678901')).json()).toEqual({ new_password1: ['A senha não pode ter apenas números.'] });
    expect((await change('curta')).json()).toEqual({ new_password1: ['Mínimo 8 caracteres'] });
    const common = await change('password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      new_password1: ['Esta senha é muito comum. Escolha uma mais difícil de adivinhar.'],
    });
  });

  it('changes the password and ends every other session, keeping the one that changed it', async () => {
    const target = await createTestOrganization(context);
    const other = (await signIn(target.client.email, testPassword, target.slug)).json().key as string;
    const response = await call(context, 'POST', '/api/change-password/', {
      token: target.client.token,
      payload: { old_password: testPassword, new_password1: 'Outra@senha9', new_password2: 'Outra@senha9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Senha alterada' });
    expect((await call(context, 'GET', '/api/me/', { token: other })).statusCode).toBe(401);
    expect((await call(context, 'GET', '/api/me/', { token: target.client.token })).statusCode).toBe(200);
    expect((await signIn(target.client.email, testPassword, target.slug)).statusCode).toBe(400);
    expect((await signIn(target.client.email, 'Outra@senha9', target.slug)).statusCode).toBe(200);
  });

  it('asks for a session', async () => {
    const response = await call(context, 'POST', '/api/change-password/', {
      payload: { old_password: testPassword, new_password1: 'Outra@senha9', new_password2: 'Outra@senha9' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST change-password-email/', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const target = await createTestOrganization(context);
    const response = await call(context, 'POST', '/api/change-password-email/', {
      token: target.client.token,
      payload: { new_email: `novo@${target.slug}.test`, password: 'errada-123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: ['Senha incorreta.'] });
    expect(context.mailbox.some((mail) => mail.to === `novo@${target.slug}.test`)).toBe(false);
  });

  it('refuses a malformed address and the current one', async () => {
    const target = await createTestOrganization(context);
    const invalid = await call(context, 'POST', '/api/change-password-email/', {
      token: target.client.token,
      payload: { new_email: 'sem-arroba', password: testPassword },
    });
    expect(invalid.json()).toEqual({ new_email: ['Esse campo precisa ser um e-mail válido'] });
    const same = await call(context, 'POST', '/api/change-password-email/', {
      token: target.client.token,
      payload: { new_email: target.client.email.toUpperCase(), password: testPassword },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({ new_email: ['Este já é o seu e-mail.'] });
  });

  it('changes the e-mail only once the link sent to the new address is followed', async () => {
    const target = await createTestOrganization(context);
    const newEmail = `novo-endereco@${target.slug}.test`;
    const other = (await signIn(target.client.email, testPassword, target.slug)).json().key as string;
    const response = await call(context, 'POST', '/api/change-password-email/', {
      token: target.client.token,
      payload: { new_email: ` ${newEmail.toUpperCase()} `, password: testPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: 'Enviamos um link de confirmação para o novo e-mail. A troca vale quando você confirmar.',
    });

    // Nothing changed yet: the old e-mail still signs in, the sessions go on.
    expect((await signIn(target.client.email, testPassword, target.slug)).statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/me/', { token: other })).json().email).toBe(target.client.email);

    const link = findLinkInMail(context, newEmail);
    expect(link).toMatch(new RegExp(`^http://prumo\\.test/${target.slug}/confirmar/`));
    const [stored] = await context.database.db
      .select({ tokenHash: oneTimeTokens.tokenHash })
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, target.client.row.id), eq(oneTimeTokens.purpose, 'email_change')));
    expect(stored?.tokenHash).not.toContain(readKey(link));

    const confirmed = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key: readKey(link) } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'E-mail alterado. Entre novamente com o novo e-mail.', plan: null });

    // Every session ended, the one that asked too; the new e-mail signs in, the old one no longer.
    for (const key of [other, target.client.token]) {
      expect((await call(context, 'GET', '/api/me/', { token: key })).statusCode).toBe(401);
    }
    expect((await signIn(target.client.email, testPassword, target.slug)).statusCode).toBe(400);
    const fresh = await signIn(newEmail, testPassword, target.slug);
    expect(fresh.statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/me/', { token: fresh.json().key })).json().email).toBe(newEmail);

    // The old address is told.
    const notice = context.mailbox.filter((mail) => mail.to === target.client.email).at(-1);
    expect(notice?.subject).toContain('Seu e-mail de acesso foi alterado');
    expect(notice?.text).toContain(newEmail);

    // The link works once.
    const again = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key: readKey(link) } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ detail: 'Link de confirmação inválido ou expirado.' });
  });

  it('keeps only the newest request: an older link stops working', async () => {
    const target = await createTestOrganization(context);
    const request = (new_email: string) =>
      call(context, 'POST', '/api/change-password-email/', {
        token: target.planner.token,
        payload: { new_email, password: testPassword },
      });
    await request(`primeiro@${target.slug}.test`);
    const first = findLinkInMail(context, `primeiro@${target.slug}.test`);
    await request(`segundo@${target.slug}.test`);
    const refused = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key: readKey(first) } });
    expect(refused.statusCode).toBe(400);
    const [row] = await context.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, target.planner.row.id));
    expect(row?.email).toBe(target.planner.email);
  });

  it('answers an address another account uses as it answers a free one, and tells that account instead', async () => {
    const target = await createTestOrganization(context);
    const response = await call(context, 'POST', '/api/change-password-email/', {
      token: target.client.token,
      payload: { new_email: target.manager.email, password: testPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: 'Enviamos um link de confirmação para o novo e-mail. A troca vale quando você confirmar.',
    });
    const notice = context.mailbox.filter((mail) => mail.to === target.manager.email).at(-1);
    expect(notice?.subject).toContain('Pedido de troca de e-mail');
    expect(notice?.text).not.toContain('/confirmar/');
    const [row] = await context.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, target.client.row.id));
    expect(row?.email).toBe(target.client.email);
  });

  it('treats an address of another organization as free: accounts are per organization', async () => {
    const target = await createTestOrganization(context);
    const other = await createTestOrganization(context);
    const response = await call(context, 'POST', '/api/change-password-email/', {
      token: target.planner.token,
      payload: { new_email: other.manager.email, password: testPassword },
    });
    expect(response.statusCode).toBe(200);
    const link = findLinkInMail(context, other.manager.email);
    expect(link).toContain(`/${target.slug}/confirmar/`);
    const confirmed = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key: readKey(link) } });
    expect(confirmed.statusCode).toBe(200);
    // Each organization's account signs in with its own password under the same address.
    expect((await signIn(other.manager.email, testPassword, target.slug)).statusCode).toBe(200);
    expect((await signIn(other.manager.email, testPassword, other.slug)).statusCode).toBe(200);
    expect((await call(context, 'GET', '/api/me/', { token: other.manager.token })).json().email).toBe(
      other.manager.email,
    );
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const target = await createTestOrganization(context);
    const wanted = `disputado@${target.slug}.test`;
    await call(context, 'POST', '/api/change-password-email/', {
      token: target.client.token,
      payload: { new_email: wanted, password: testPassword },
    });
    const link = findLinkInMail(context, wanted);
    await context.database.db.update(users).set({ email: wanted }).where(eq(users.id, target.loneClient.row.id));
    const response = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key: readKey(link) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Este e-mail passou a ser usado por outra conta. Escolha outro endereço.',
    });
    expect((await call(context, 'GET', '/api/me/', { token: target.client.token })).json().email).toBe(
      target.client.email,
    );
  });

  it('answers 429 after 3 requests of one account in 15 minutes', async () => {
    const target = await createTestOrganization(context);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await call(context, 'POST', '/api/change-password-email/', {
        token: target.loneClient.token,
        payload: { new_email: `tentativa-${attempt}@${target.slug}.test`, password: testPassword },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          detail: 'Muitos pedidos de troca de e-mail. Aguarde 15 minutos e tente novamente.',
        });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(context.mailbox.some((mail) => mail.to === `tentativa-3@${target.slug}.test`)).toBe(false);
  });

  it('counts wrong passwords with the other checks of the password (429)', async () => {
    const target = await createTestOrganization(context);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt++) {
      const response = await call(context, 'POST', '/api/change-password-email/', {
        token: target.planner.token,
        remoteAddress: '192.0.2.61',
        payload: { new_email: `x@${target.slug}.test`, password: `errada-${attempt}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe('GET resend-activate/', () => {
  async function registerUnconfirmed(target: Awaited<ReturnType<typeof createTestOrganization>>, email: string) {
    const invitation = await call(context, 'POST', '/api/invitations/', {
      token: target.manager.token,
      payload: { role: 'cliente' },
    });
    const response = await call(context, 'POST', '/api/rest-auth/registration/simple/', {
      payload: {
        organization: target.slug,
        hash: invitation.json().token,
        email,
        first_name: 'Nova',
        last_name: 'Cliente',
        phone: '11987654321',
        password1: 'Senha@segura1',
        password2: 'Senha@segura1',
      },
    });
    expect(response.statusCode).toBe(201);
  }

  it('answers the same whether the address exists, is confirmed or not, and sends to the unconfirmed only', async () => {
    const target = await createTestOrganization(context);
    const email = `espera@${target.slug}.test`;
    await registerUnconfirmed(target, email);
    const sentBefore = context.mailbox.filter((mail) => mail.to === email).length;
    const answers = [];
    for (const address of [email, target.client.email, `ninguem@${target.slug}.test`]) {
      const response = await call(
        context,
        'GET',
        `/api/resend-activate/?email=${address}&organization=${target.slug}`,
        {
          remoteAddress: '192.0.2.70',
        },
      );
      answers.push([response.statusCode, response.body]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.[0]).toBe(200);
    expect(context.mailbox.filter((mail) => mail.to === email).length).toBe(sentBefore + 1);
    expect(context.mailbox.some((mail) => mail.to === target.client.email)).toBe(false);

    // The resent link confirms the account.
    const key = readKey(findLinkInMail(context, email));
    const confirmed = await call(context, 'POST', '/api/profiles/email/confirm/', { payload: { key } });
    expect(confirmed.json()).toEqual({ detail: 'E-mail confirmado', plan: null });
  });

  it('sends at most 3 links per account in 15 minutes, answering the same beyond', async () => {
    const target = await createTestOrganization(context);
    const email = `insistente@${target.slug}.test`;
    await registerUnconfirmed(target, email);
    for (let attempt = 0; attempt < 4; attempt++) {
      const response = await call(context, 'GET', `/api/resend-activate/?email=${email}&organization=${target.slug}`, {
        remoteAddress: '192.0.2.71',
      });
      expect(response.statusCode).toBe(200);
    }
    // The registration's link and two resends.
    expect(context.mailbox.filter((mail) => mail.to === email).length).toBe(3);
  });

  it('answers 429 beyond 10 calls from one address in 15 minutes', async () => {
    const limited = await createTestContext({ rateLimitScale: 1 });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await call(limited, 'GET', `/api/resend-activate/?email=a${attempt}@x.test&organization=demo`, {
        remoteAddress: '192.0.2.72',
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expect(response.json()).toEqual({ detail: tooMany });
    }
    expect(statuses.filter((status) => status === 429)).toEqual([429]);
  });
});
