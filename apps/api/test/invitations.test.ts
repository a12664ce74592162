import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations, profiles, users } from '../src/db/schema';
import {
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
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
function newPerson(hash: string, role?: string, organizationSlug = organization.slug) {
  sequence += 1;
  return {
    organization: organizationSlug,
    ...(role === undefined ? {} : { role, cpf: '529.982.247-25' }),
    hash,
    email: `convidado${sequence}@exemplo.com.br`,
    first_name: 'Maria',
    last_name: 'Souza',
    phone: '(11) 98765-4321',
    password1: 'segredo123',
    password2: 'segredo123',
  };
}

async function countUsers(organizationId = organization.id): Promise<number> {
  const [row] = await context.database.db
    .select({ total: count() })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  return row?.total ?? 0;
}

async function findStoredRole(email: string) {
  const [row] = await context.database.db
    .select({ level: profiles.accessLevel, plannerUserId: profiles.plannerUserId })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.email, email), eq(users.organizationId, organization.id)));
  return row ?? null;
}

function register(person: ReturnType<typeof newPerson>) {
  const path = 'role' in person ? '/api/rest-auth/registration/' : '/api/rest-auth/registration/simple/';
  return call(context, 'POST', path, { payload: person });
}

async function createLink(token: string, role: string) {
  const response = await call(context, 'POST', '/api/invitations/', { token, payload: { role } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; token: string; role: string; expires_at: string | null };
}

describe('registration takes the role from the invitation only', () => {
  it("refuses a manager's client link edited to gestor or planejador, and creates no user", async () => {
    const before = await countUsers();
    for (const role of ['gestor', 'manager', 'planejador', 'planner', 'GESTOR']) {
      const response = await register(newPerson(organization.manager.row.invitationHash, role));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ hash: ['Este convite não permite cadastrar este perfil.'] });
    }
    expect(await countUsers()).toBe(before);
    expect(context.mailbox.filter((mail) => mail.to.startsWith('convidado'))).toEqual([]);
  });

  it("still registers a client through the me/ hash, and a planner's makes that planner's client", async () => {
    const persona = (await call(context, 'GET', '/api/me/', { token: organization.manager.token })).json();
    const byManager = newPerson(persona.hash, 'cliente');
    expect((await register(byManager)).statusCode).toBe(201);
    expect(await findStoredRole(byManager.email)).toEqual({ level: 'client', plannerUserId: null });
    const byPlanner = newPerson(organization.planner.row.invitationHash);
    expect((await register(byPlanner)).statusCode).toBe(201);
    expect(await findStoredRole(byPlanner.email)).toEqual({
      level: 'client',
      plannerUserId: organization.planner.row.id,
    });
  });

  it("refuses a planner's link for a planner or a manager", async () => {
    const link = await createLink(organization.planner.token, 'cliente');
    const before = await countUsers();
    for (const hash of [organization.planner.row.invitationHash, link.token]) {
      for (const role of ['planejador', 'gestor']) {
        const response = await register(newPerson(hash, role));
        expect(response.json()).toEqual({ hash: ['Este convite não permite cadastrar este perfil.'] });
      }
    }
    expect(await countUsers()).toBe(before);
  });

  it('makes a manager only through a manager link, and refuses that link for any other role', async () => {
    const link = await createLink(organization.manager.token, 'gestor');
    const asClient = await register(newPerson(link.token));
    expect(asClient.json()).toEqual({ hash: ['Este convite não permite cadastrar este perfil.'] });
    const asPlanner = await register(newPerson(link.token, 'planejador'));
    expect(asPlanner.json()).toEqual({ hash: ['Este convite não permite cadastrar este perfil.'] });
    const person = newPerson(link.token, 'gestor');
    expect((await register(person)).statusCode).toBe(201);
    expect(await findStoredRole(person.email)).toEqual({ level: 'manager', plannerUserId: null });
  });

  it('refuses a revoked or expired link, and says so on the invitation page', async () => {
    const revoked = await createLink(organization.manager.token, 'planejador');
    const revoking = await call(context, 'POST', `/api/invitations/${revoked.id}/revoke/`, {
      token: organization.manager.token,
    });
    expect(revoking.statusCode).toBe(200);
    const expired = await createLink(organization.manager.token, 'planejador');
    await context.database.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(invitations.id, expired.id));
    const before = await countUsers();
    for (const token of [revoked.token, expired.token]) {
      const response = await register(newPerson(token, 'planejador'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ hash: ['Convite expirado ou revogado.'] });
      const page = await call(context, 'GET', `/api/invitation/${token}/?organization=${organization.slug}`);
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ detail: 'Convite expirado ou revogado.' });
    }
    expect(await countUsers()).toBe(before);
  });

  it("refuses another organization's invitation", async () => {
    const foreign = await createLink(otherOrganization.manager.token, 'gestor');
    const before = await countUsers();
    const response = await register(newPerson(foreign.token, 'gestor'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ hash: ['Convite inválido.'] });
    expect(await countUsers()).toBe(before);
    const page = await call(context, 'GET', `/api/invitation/${foreign.token}/?organization=${organization.slug}`);
    expect(page.statusCode).toBe(404);
  });

  it('answers a malformed token as an invalid invitation, never a 5xx', async () => {
    for (const hash of ['x'.repeat(65), '../gestor', 'a b']) {
      const response = await register(newPerson(hash, 'cliente'));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ hash: ['Convite inválido.'] });
    }
    // A NUL is refused for every field before any lookup, with the shared message.
    const withNul = await register(newPerson('a\u0000b', 'cliente'));
    expect(withNul.statusCode).toBe(400);
    expect(withNul.json()).toEqual({ hash: ['O texto contém um caractere inválido (NUL).'] });
    const page = await call(context, 'GET', `/api/invitation/a!b/?organization=${organization.slug}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ detail: 'Convite inválido.' });
  });

  it('tells the registration page the one role a link grants', async () => {
    const link = await createLink(organization.manager.token, 'planejador');
    const page = await call(context, 'GET', `/api/invitation/${link.token}/?organization=${organization.slug}`);
    expect(page.json()).toEqual({
      inviter: { first_name: 'gestor', last_name: 'Teste' },
      inviter_role: 'manager',
      role: 'planner',
      roles: ['planner'],
    });
  });
});

describe('planner and manager links register one person; client links many', () => {
  it('registers one planner with a planner link, then refuses the link and creates no user', async () => {
    const link = await createLink(organization.manager.token, 'planejador');
    const first = newPerson(link.token, 'planejador');
    expect((await register(first)).statusCode).toBe(201);
    expect(await findStoredRole(first.email)).toEqual({ level: 'planner', plannerUserId: null });
    const before = await countUsers();
    const second = await register(newPerson(link.token, 'planejador'));
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ hash: ['Este convite já foi usado.'] });
    expect(await countUsers()).toBe(before);
    const page = await call(context, 'GET', `/api/invitation/${link.token}/?organization=${organization.slug}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({ detail: 'Este convite já foi usado.' });
    const list = await call(context, 'GET', '/api/invitations/?role=planejador', { token: organization.manager.token });
    const listed = list.json().results.find((row: { id: number }) => row.id === link.id);
    expect(listed.used_by).toMatchObject({ first_name: 'Maria', last_name: 'Souza' });
    expect(Date.parse(listed.used_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('makes exactly one manager of 5 parallel registrations with one manager link', async () => {
    const link = await createLink(organization.manager.token, 'gestor');
    const before = await countUsers();
    const people = Array.from({ length: 5 }, () => newPerson(link.token, 'gestor'));
    const responses = await Promise.all(people.map((person) => register(person)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json()).toEqual({ hash: ['Este convite já foi usado.'] });
    }
    expect(await countUsers()).toBe(before + 1);
    const managers = await Promise.all(people.map((person) => findStoredRole(person.email)));
    expect(managers.filter((row) => row?.level === 'manager')).toHaveLength(1);
  });

  it('still registers two clients with one client link', async () => {
    const link = await createLink(organization.planner.token, 'cliente');
    for (const person of [newPerson(link.token), newPerson(link.token, 'cliente')]) {
      expect((await register(person)).statusCode).toBe(201);
      expect(await findStoredRole(person.email)).toEqual({
        level: 'client',
        plannerUserId: organization.planner.row.id,
      });
    }
    const page = await call(context, 'GET', `/api/invitation/${link.token}/?organization=${organization.slug}`);
    expect(page.statusCode).toBe(200);
  });
});

describe('invitations/ (list, create, revoke)', () => {
  it('issues unguessable tokens; planner and manager links expire in 7 days, client links do not', async () => {
    const planner = await createLink(organization.manager.token, 'planejador');
    const manager = await createLink(organization.manager.token, 'gestor');
    const client = await createLink(organization.manager.token, 'cliente');
    for (const link of [planner, manager, client]) expect(link.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const week = 7 * 24 * 60 * 60 * 1000;
    for (const link of [planner, manager]) {
      expect(Math.abs(Date.parse(link.expires_at ?? '') - (Date.now() + week))).toBeLessThan(60_000);
    }
    expect(client.expires_at).toBeNull();
    expect(client).toMatchObject({ role: 'client', role_word: 'cliente', standing: false, planner: null });
  });

  it("lists a manager's organization only, by role, without revoked links", async () => {
    const link = await createLink(organization.manager.token, 'gestor');
    const foreign = await createLink(otherOrganization.manager.token, 'gestor');
    const list = await call(context, 'GET', '/api/invitations/?role=gestor', { token: organization.manager.token });
    expect(list.statusCode).toBe(200);
    const tokens = list.json().results.map((row: { token: string }) => row.token);
    expect(tokens).toContain(link.token);
    expect(tokens).not.toContain(foreign.token);
    expect(list.json().results.every((row: { role: string }) => row.role === 'manager')).toBe(true);

    const clients = await call(context, 'GET', '/api/invitations/?role=cliente', { token: organization.manager.token });
    const standing = clients.json().results.filter((row: { standing: boolean }) => row.standing);
    expect(standing.map((row: { token: string }) => row.token)).toEqual(
      expect.arrayContaining([organization.manager.row.invitationHash, organization.planner.row.invitationHash]),
    );

    await call(context, 'POST', `/api/invitations/${link.id}/revoke/`, { token: organization.manager.token });
    const after = await call(context, 'GET', '/api/invitations/?role=gestor', { token: organization.manager.token });
    expect(after.json().results.map((row: { token: string }) => row.token)).not.toContain(link.token);
  });

  it('gives a planner their own client links only, and refuses them planner and manager links', async () => {
    const own = await createLink(organization.planner.token, 'cliente');
    expect(own).toMatchObject({ role: 'client', planner: { id: organization.planner.row.id } });
    const managers = await createLink(organization.manager.token, 'cliente');
    const list = await call(context, 'GET', '/api/invitations/', { token: organization.planner.token });
    const tokens = list.json().results.map((row: { token: string }) => row.token);
    expect(tokens).toContain(own.token);
    expect(tokens).toContain(organization.planner.row.invitationHash);
    expect(tokens).not.toContain(managers.token);
    expect(tokens).not.toContain(organization.manager.row.invitationHash);
    for (const role of ['gestor', 'planejador']) {
      const refused = await call(context, 'POST', '/api/invitations/', {
        token: organization.planner.token,
        payload: { role },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: 'Sem permissão' });
    }
    const revokeManagers = await call(context, 'POST', `/api/invitations/${managers.id}/revoke/`, {
      token: organization.planner.token,
    });
    expect(revokeManagers.statusCode).toBe(404);
    expect(revokeManagers.json()).toEqual({ detail: 'Convite não encontrado.' });
    // Still works: the planner could not revoke it.
    expect((await register(newPerson(managers.token))).statusCode).toBe(201);
  });

  it('answers 403 to a client and 404 for another organization, and checks the role word', async () => {
    for (const [method, path] of [
      ['GET', '/api/invitations/'],
      ['POST', '/api/invitations/'],
      ['POST', '/api/invitations/1/revoke/'],
    ] as const) {
      const response = await call(context, method, path, {
        token: organization.client.token,
        payload: { role: 'cliente' },
      });
      expect(response.statusCode).toBe(403);
    }
    const foreign = await createLink(otherOrganization.manager.token, 'gestor');
    const revoke = await call(context, 'POST', `/api/invitations/${foreign.id}/revoke/`, {
      token: organization.manager.token,
    });
    expect(revoke.statusCode).toBe(404);
    expect((await register(newPerson(foreign.token, 'gestor', otherOrganization.slug))).statusCode).toBe(201);
    const badRole = await call(context, 'POST', '/api/invitations/', {
      token: organization.manager.token,
      payload: { role: 'admin' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json()).toEqual({ role: ['Perfil inválido.'] });
  });

  it("replaces a revoked standing link, so me/'s hash is a working client link again", async () => {
    const target = await createTestOrganization(context);
    const list = await call(context, 'GET', '/api/invitations/', { token: target.planner.token });
    const [standing] = list.json().results;
    expect(standing.token).toBe(target.planner.row.invitationHash);
    const revoked = await call(context, 'POST', `/api/invitations/${standing.id}/revoke/`, {
      token: target.manager.token,
    });
    expect(revoked.statusCode).toBe(200);
    const old = await register(newPerson(standing.token, undefined, target.slug));
    expect(old.json()).toEqual({ hash: ['Convite expirado ou revogado.'] });
    const persona = (await call(context, 'GET', '/api/me/', { token: target.planner.token })).json();
    expect(persona.hash).not.toBe(standing.token);
    expect((await register(newPerson(persona.hash, undefined, target.slug))).statusCode).toBe(201);
  });
});
