import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authTokens, organizationFeatures, organizations, profiles, users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { insertAuthToken, insertUserWithProfile } from '../src/modules/accounts/accounts.repo';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  type TestOrganization,
  type TestUser,
  testPassword,
  testPasswordCost,
} from './helpers/test-app';

let context: TestContext;
let passwordHash: string;

beforeAll(async () => {
  context = await createTestContext();
  passwordHash = await hashPassword(testPassword, testPasswordCost);
});

let sequence = 0;

/** Another person of the organization, signed in; a client of `plannerUserId` when given. */
async function addPerson(
  organization: TestOrganization,
  role: 'planner' | 'client',
  plannerUserId: number | null = null,
): Promise<TestUser> {
  sequence += 1;
  const email = `${role}${sequence}@${organization.slug}.test`;
  const row = await insertUserWithProfile(
    context.database.db,
    {
      organizationId: organization.id,
      email,
      firstName: `${role}${sequence}`,
      lastName: 'Teste',
      phone: '11987654321',
      cpf: null,
      passwordHash,
      confirmed: true,
    },
    role,
    plannerUserId,
  );
  const token = await insertAuthToken(context.database.db, row.id, new Date(Date.now() + 60 * 60 * 1000));
  return { row, email, token };
}

async function findPlannersOf(clientIds: number[]) {
  const rows = await context.database.db
    .select({ userId: profiles.userId, plannerUserId: profiles.plannerUserId })
    .from(profiles)
    .where(and(inArray(profiles.userId, clientIds), eq(profiles.accessLevel, 'client')));
  return Object.fromEntries(rows.map((row) => [row.userId, row.plannerUserId]));
}

/** A client registering through the link `hash`, as `{name}@{organization}.test`. */
function registerClient(organization: TestOrganization, hash: string, name: string) {
  return call(context, 'POST', '/api/rest-auth/registration/', {
    payload: {
      organization: organization.slug,
      role: 'cliente',
      hash,
      email: `${name}@${organization.slug}.test`,
      first_name: 'Nova',
      last_name: 'Cliente',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
      password1: 'segredo123',
      password2: 'segredo123',
    },
  });
}

function changePlanner(token: string, payload: unknown) {
  return call(context, 'PUT', '/api/profiles/clients/change-planner/?profile=manager', { token, payload });
}

function deactivate(token: string, plannerId: number) {
  return call(context, 'POST', `/api/profiles/planner/${plannerId}/deactivate/`, { token });
}

function signIn(email: string, slug: string) {
  return call(context, 'POST', '/api/rest-auth/login/', {
    payload: { email, password: testPassword, organization: slug },
  });
}

describe('PUT profiles/clients/change-planner/ with several clients', () => {
  it("moves a planner's clients to another planner together", async () => {
    const organization = await createTestOrganization(context);
    const second = await addPerson(organization, 'client', organization.planner.row.id);
    const target = await addPerson(organization, 'planner');
    const clientIds = [organization.client.row.id, second.row.id];
    const response = await changePlanner(organization.manager.token, { clients: clientIds, planner: target.row.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Planejador alterado', moved: 2 });
    expect(await findPlannersOf(clientIds)).toEqual({
      [organization.client.row.id]: target.row.id,
      [second.row.id]: target.row.id,
    });
    const planners = await call(context, 'GET', '/api/profiles/planner/', { token: organization.manager.token });
    const counts = Object.fromEntries(
      planners
        .json()
        .results.map((planner: { user: { id: number }; clients_count: number }) => [
          planner.user.id,
          planner.clients_count,
        ]),
    );
    expect(counts).toEqual({ [organization.planner.row.id]: 0, [target.row.id]: 2 });
  });

  it("moves none when one client is another organization's (404)", async () => {
    const organization = await createTestOrganization(context);
    const other = await createTestOrganization(context);
    const target = await addPerson(organization, 'planner');
    const response = await changePlanner(organization.manager.token, {
      clients: [organization.client.row.id, other.client.row.id],
      planner: target.row.id,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    expect(await findPlannersOf([organization.client.row.id, other.client.row.id])).toEqual({
      [organization.client.row.id]: organization.planner.row.id,
      [other.client.row.id]: other.planner.row.id,
    });
  });

  it('refuses a planner of another organization (404) or a deactivated one (400), moving nobody', async () => {
    const organization = await createTestOrganization(context);
    const other = await createTestOrganization(context);
    const foreign = await changePlanner(organization.manager.token, {
      clients: [organization.loneClient.row.id],
      planner: other.planner.row.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Planejador não encontrado.' });
    const asPlanner = await changePlanner(organization.manager.token, {
      clients: [organization.loneClient.row.id],
      planner: organization.manager.row.id,
    });
    expect(asPlanner.statusCode).toBe(404);
    const retired = await addPerson(organization, 'planner');
    expect((await deactivate(organization.manager.token, retired.row.id)).statusCode).toBe(200);
    const inactive = await changePlanner(organization.manager.token, {
      clients: [organization.loneClient.row.id],
      planner: retired.row.id,
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({ planner: ['Este planejador está desativado. Escolha um planejador ativo.'] });
    expect(await findPlannersOf([organization.loneClient.row.id])).toEqual({ [organization.loneClient.row.id]: null });
  });

  it('asks for at least one client, and for whole-number ids', async () => {
    const organization = await createTestOrganization(context);
    const none = await changePlanner(organization.manager.token, { clients: [], planner: organization.planner.row.id });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ clients: ['Escolha ao menos um cliente.'] });
    const bad = await changePlanner(organization.manager.token, {
      clients: ['x'],
      planner: organization.planner.row.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Valor inválido');
  });

  it('is for managers only: a planner and a client get 403', async () => {
    const organization = await createTestOrganization(context);
    const payload = { clients: [organization.loneClient.row.id], planner: organization.planner.row.id };
    for (const token of [organization.planner.token, organization.client.token]) {
      const response = await changePlanner(token, payload);
      expect(response.statusCode).toBe(403);
    }
    expect(await findPlannersOf([organization.loneClient.row.id])).toEqual({ [organization.loneClient.row.id]: null });
  });
});

describe('POST profiles/planner/{id}/deactivate/', () => {
  it('refuses while the planner has clients, saying how many to move', async () => {
    const organization = await createTestOrganization(context);
    await addPerson(organization, 'client', organization.planner.row.id);
    const response = await deactivate(organization.manager.token, organization.planner.row.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Este planejador ainda tem 2 clientes. Mova-os para outro planejador antes de desativá-lo.',
    });
    const [stored] = await context.database.db.select().from(users).where(eq(users.id, organization.planner.row.id));
    expect(stored?.deactivatedAt).toBeNull();
  });

  it('deactivates an empty book: sessions end, sign-in is refused, and the planner leaves the active list', async () => {
    const organization = await createTestOrganization(context);
    const target = await addPerson(organization, 'planner');
    const moved = await changePlanner(organization.manager.token, {
      clients: [organization.client.row.id],
      planner: target.row.id,
    });
    expect(moved.statusCode).toBe(200);
    const response = await deactivate(organization.manager.token, organization.planner.row.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Planejador desativado' });

    const tokens = await context.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.userId, organization.planner.row.id));
    expect(tokens).toEqual([]);
    const oldSession = await call(context, 'GET', '/api/me/', { token: organization.planner.token });
    expect(oldSession.statusCode).toBe(401);
    const again = await signIn(organization.planner.email, organization.slug);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: 'Este acesso foi desativado pelo gestor da organização.' });

    const active = await call(context, 'GET', '/api/profiles/planner/', { token: organization.manager.token });
    expect(active.json().results.map((planner: { user: { id: number } }) => planner.user.id)).toEqual([target.row.id]);
    const inactive = await call(context, 'GET', '/api/profiles/planner/?isActive=false', {
      token: organization.manager.token,
    });
    expect(inactive.json()).toMatchObject({
      count: 1,
      results: [{ user: { id: organization.planner.row.id }, is_active: false, clients_count: 0 }],
    });
    expect(inactive.json().results[0].deactivated_at).toEqual(expect.any(String));

    const twice = await deactivate(organization.manager.token, organization.planner.row.id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ detail: 'Este planejador já está desativado.' });
  });

  it('never leaves a client on a planner deactivated at the same moment', async () => {
    const organization = await createTestOrganization(context);
    for (let round = 0; round < 5; round += 1) {
      const planner = await addPerson(organization, 'planner');
      const [deactivation, move] = await Promise.all([
        deactivate(organization.manager.token, planner.row.id),
        changePlanner(organization.manager.token, {
          clients: [organization.loneClient.row.id],
          planner: planner.row.id,
        }),
      ]);
      expect([deactivation.statusCode, move.statusCode].sort()).toEqual([200, 400]);
      const [stored] = await context.database.db.select().from(users).where(eq(users.id, planner.row.id));
      const book = await findPlannersOf([organization.loneClient.row.id]);
      if (stored?.deactivatedAt) expect(book[organization.loneClient.row.id]).not.toBe(planner.row.id);
      else expect(book[organization.loneClient.row.id]).toBe(planner.row.id);
      // The client goes back to no planner for the next round.
      await context.database.db
        .update(profiles)
        .set({ plannerUserId: null })
        .where(eq(profiles.userId, organization.loneClient.row.id));
    }
  });

  it('refuses an access link e-mailed before the deactivation', async () => {
    const organization = await createTestOrganization(context);
    const planner = await addPerson(organization, 'planner');
    const asked = await call(context, 'POST', '/api/rest-auth/access-link/', {
      payload: { email: planner.email, organization: organization.slug },
    });
    expect(asked.statusCode).toBe(200);
    const token = findLinkInMail(context, planner.email).split('/access/')[1] ?? '';
    expect((await deactivate(organization.manager.token, planner.row.id)).statusCode).toBe(200);
    const response = await call(context, 'POST', '/api/rest-auth/access/', { payload: { token } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Este acesso foi desativado pelo gestor da organização.' });
  });

  it("closes the deactivated planner's client link", async () => {
    const organization = await createTestOrganization(context);
    const planner = await addPerson(organization, 'planner');
    expect((await deactivate(organization.manager.token, planner.row.id)).statusCode).toBe(200);
    const response = await registerClient(organization, planner.row.invitationHash, 'novo');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ hash: ['Convite expirado ou revogado.'] });
    const links = await call(context, 'GET', '/api/invitations/?role=cliente', { token: organization.manager.token });
    const standing = links.json().results.find((link: { token: string }) => link.token === planner.row.invitationHash);
    expect(standing).toMatchObject({ standing: true, expired: true });
  });

  it("answers 404 for another organization's planner, a manager or a client, and 403 to planners and clients", async () => {
    const organization = await createTestOrganization(context);
    const other = await createTestOrganization(context);
    for (const id of [other.planner.row.id, organization.manager.row.id, organization.loneClient.row.id]) {
      const response = await deactivate(organization.manager.token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Planejador não encontrado.' });
    }
    // A manager who also advises clients (a planner profile too) is not deactivated from here.
    await context.database.db
      .insert(profiles)
      .values({ userId: organization.manager.row.id, accessLevel: 'planner', plannerUserId: null });
    expect((await deactivate(organization.manager.token, organization.manager.row.id)).statusCode).toBe(404);
    const empty = await addPerson(organization, 'planner');
    expect((await deactivate(organization.planner.token, empty.row.id)).statusCode).toBe(403);
    expect((await deactivate(organization.client.token, empty.row.id)).statusCode).toBe(403);
    const stored = await context.database.db
      .select({ id: users.id, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(inArray(users.id, [other.planner.row.id, empty.row.id]));
    expect(stored.every((row) => row.deactivatedAt === null)).toBe(true);
    const badId = await deactivate(organization.manager.token, 0);
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ id: ['Valor inválido'] });
  });
});

describe('POST profiles/planner/{id}/reactivate/', () => {
  it('lets the planner sign in again, with an empty book', async () => {
    const organization = await createTestOrganization(context);
    const planner = await addPerson(organization, 'planner');
    expect((await deactivate(organization.manager.token, planner.row.id)).statusCode).toBe(200);
    const response = await call(context, 'POST', `/api/profiles/planner/${planner.row.id}/reactivate/`, {
      token: organization.manager.token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Planejador reativado' });
    expect((await signIn(planner.email, organization.slug)).statusCode).toBe(200);
    const twice = await call(context, 'POST', `/api/profiles/planner/${planner.row.id}/reactivate/`, {
      token: organization.manager.token,
    });
    expect(twice.statusCode).toBe(400);
    const asPlanner = await call(context, 'POST', `/api/profiles/planner/${planner.row.id}/reactivate/`, {
      token: organization.planner.token,
    });
    expect(asPlanner.statusCode).toBe(403);
  });
});

describe('the trial (tryout)', () => {
  async function startTrial(organization: TestOrganization, trialEndsOn: string | null) {
    await context.database.db.insert(organizationFeatures).values({ organizationId: organization.id, code: 'tryout' });
    await context.database.db.update(organizations).set({ trialEndsOn }).where(eq(organizations.id, organization.id));
  }

  function dayFromToday(days: number): string {
    return shiftDay(findTodayInBrazil(new Date()), days);
  }

  it("shows the organization's manager the days left, and nobody else", async () => {
    const organization = await createTestOrganization(context);
    await startTrial(organization, dayFromToday(9));
    const asManager = await call(context, 'GET', '/api/me/', { token: organization.manager.token });
    expect(asManager.json().trial).toEqual({
      last_day: dayFromToday(9),
      days_left: 10,
      ended: false,
      clients_limit: 10,
      clients_count: 2,
    });
    const asPlanner = await call(context, 'GET', '/api/me/', { token: organization.planner.token });
    expect(asPlanner.json().trial).toBeNull();
    const regular = await createTestOrganization(context);
    expect((await call(context, 'GET', '/api/me/', { token: regular.manager.token })).json().trial).toBeNull();
  });

  it('ends 30 days after the organization was created when no day was set', async () => {
    const organization = await createTestOrganization(context);
    await startTrial(organization, null);
    const me = await call(context, 'GET', '/api/me/', { token: organization.manager.token });
    expect(me.json().trial).toMatchObject({ last_day: dayFromToday(30), days_left: 31, ended: false });
  });

  it('registers clients up to the limit, and nobody once the trial has ended', async () => {
    const organization = await createTestOrganization(context);
    await startTrial(organization, dayFromToday(0));
    for (let index = 0; index < 8; index += 1) await addPerson(organization, 'client');
    const full = await registerClient(organization, organization.planner.row.invitationHash, 'trial-cheia');
    expect(full.statusCode).toBe(400);
    expect(full.json()).toEqual({
      detail: 'Esta organização está em período de experiência e já tem 10 clientes, o limite do período.',
    });

    const ended = await createTestOrganization(context);
    await startTrial(ended, dayFromToday(-1));
    const me = await call(context, 'GET', '/api/me/', { token: ended.manager.token });
    expect(me.json().trial).toMatchObject({ days_left: 0, ended: true });
    const late = await registerClient(ended, ended.planner.row.invitationHash, 'trial-tarde');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({
      detail: 'O período de experiência desta organização terminou. Fale com o gestor da organização.',
    });
    const [stored] = await context.database.db
      .select()
      .from(users)
      .where(eq(users.email, `trial-tarde@${ended.slug}.test`));
    expect(stored).toBeUndefined();
    // Those already in keep working.
    expect((await call(context, 'GET', '/api/profiles/clients/', { token: ended.planner.token })).statusCode).toBe(200);
  });

  it('registers a client while the trial runs under the limit', async () => {
    const organization = await createTestOrganization(context);
    await startTrial(organization, dayFromToday(5));
    expect(
      (await registerClient(organization, organization.planner.row.invitationHash, 'trial-dentro')).statusCode,
    ).toBe(201);
  });
});
