import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
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

const clientEmails = (body: { results: { user: { email: string } }[] }) =>
  body.results.map((record) => record.user.email).sort();

describe('GET profiles/clients/', () => {
  it('gives a planner their own clients only', async () => {
    const response = await call(context, 'GET', '/api/profiles/clients/', { token: organization.planner.token });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ count: 1, next: null, previous: null });
    expect(body.results[0]).toEqual({
      user: {
        id: organization.client.row.id,
        first_name: 'cliente',
        last_name: 'Teste',
        email: organization.client.email,
      },
      profile_picture: null,
      last_login: null,
      last_import_bundle: null,
      current_plan: null,
      budget_planner: { user: { id: organization.planner.row.id, first_name: 'planejador', last_name: 'Teste' } },
      status: 'ativo',
      attention: {
        days_since_import: null,
        uncategorized_lines: 0,
        open_tasks: 0,
        oldest_open_task_days: null,
        overdue_tasks: 0,
        month_expense: 0,
        month_planned_expense: null,
        budget_use: null,
        over_budget: false,
        planning_awaiting: null,
      },
    });
  });

  it('gives a manager every client of their organization, and no other', async () => {
    const response = await call(context, 'GET', '/api/profiles/clients/?profile=manager', {
      token: organization.manager.token,
    });
    expect(clientEmails(response.json())).toEqual([organization.loneClient.email, organization.client.email].sort());
  });

  it('gives a manager listing as a planner only the clients they advise themselves', async () => {
    const own = await createTestOrganization(context);
    const asPlanner = async () =>
      clientEmails((await call(context, 'GET', '/api/profiles/clients/', { token: own.manager.token })).json());
    expect(await asPlanner()).toEqual([]);
    await context.database.db
      .update(profiles)
      .set({ plannerUserId: own.manager.row.id })
      .where(eq(profiles.userId, own.loneClient.row.id));
    expect(await asPlanner()).toEqual([own.loneClient.email]);
  });

  it('pages 25 by default, with next and previous', async () => {
    const response = await call(context, 'GET', '/api/profiles/clients/?profile=manager&limit=1', {
      token: organization.manager.token,
    });
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.results).toHaveLength(1);
    expect(body.next).toContain('offset=1');
    const second = await call(context, 'GET', '/api/profiles/clients/?profile=manager&limit=1&offset=1', {
      token: organization.manager.token,
    });
    expect(second.json().previous).toContain('offset=0');
    expect(second.json().next).toBeNull();
  });

  it('refuses clients (403) and visitors (401)', async () => {
    const asClient = await call(context, 'GET', '/api/profiles/clients/', { token: organization.client.token });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ detail: 'Sem permissão' });
    expect((await call(context, 'GET', '/api/profiles/clients/')).statusCode).toBe(401);
  });
});

describe('GET profiles/planner/', () => {
  it('lists the planners for a manager, with their client counts', async () => {
    const response = await call(context, 'GET', '/api/profiles/planner/', { token: organization.manager.token });
    expect(response.json()).toMatchObject({
      count: 1,
      results: [{ user: { id: organization.planner.row.id, email: organization.planner.email }, clients_count: 1 }],
    });
  });

  it('gives a client their planner, or 404 without one', async () => {
    const own = await call(context, 'GET', '/api/profiles/planner/', { token: organization.client.token });
    expect(own.json()).toMatchObject({ user: { id: organization.planner.row.id } });
    const none = await call(context, 'GET', '/api/profiles/planner/', { token: organization.loneClient.token });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ detail: 'Nenhum planejador' });
  });

  it('refuses a planner', async () => {
    expect(
      (await call(context, 'GET', '/api/profiles/planner/', { token: organization.planner.token })).statusCode,
    ).toBe(403);
  });
});

describe('PUT profiles/clients/change-planner/', () => {
  it('moves a client to a planner of the same organization', async () => {
    const response = await call(context, 'PUT', '/api/profiles/clients/change-planner/?profile=manager', {
      token: organization.manager.token,
      payload: { client: organization.loneClient.row.id, planner: organization.planner.row.id },
    });
    expect(response.statusCode).toBe(200);
    const [profile] = await context.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, organization.loneClient.row.id));
    expect(profile?.plannerUserId).toBe(organization.planner.row.id);
  });

  it('refuses a client or planner of another organization (404), and non-managers', async () => {
    const foreignClient = await call(context, 'PUT', '/api/profiles/clients/change-planner/?profile=manager', {
      token: organization.manager.token,
      payload: { client: otherOrganization.client.row.id, planner: organization.planner.row.id },
    });
    expect(foreignClient.statusCode).toBe(404);
    const foreignPlanner = await call(context, 'PUT', '/api/profiles/clients/change-planner/?profile=manager', {
      token: organization.manager.token,
      payload: { client: organization.client.row.id, planner: otherOrganization.planner.row.id },
    });
    expect(foreignPlanner.statusCode).toBe(404);
    const [untouched] = await context.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, otherOrganization.client.row.id));
    expect(untouched?.plannerUserId).toBe(otherOrganization.planner.row.id);
    const asPlanner = await call(context, 'PUT', '/api/profiles/clients/change-planner/?profile=manager', {
      token: organization.planner.token,
      payload: { client: organization.client.row.id, planner: organization.planner.row.id },
    });
    expect(asPlanner.statusCode).toBe(403);
  });
});

describe('POST profiles/edit/', () => {
  it('changes the name and phone (JSON)', async () => {
    const response = await call(context, 'POST', '/api/profiles/edit/', {
      token: organization.client.token,
      payload: { first_name: 'Clara', last_name: 'Nunes', phone: '(21) 3456-7890' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ first_name: 'Clara', last_name: 'Nunes', phone: '2134567890' });
    const [stored] = await context.database.db.select().from(users).where(eq(users.id, organization.client.row.id));
    expect(stored?.firstName).toBe('Clara');
  });

  it('takes a picture through multipart', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    // The picture alone: the other fields stay as they were.
    const body = buildMultipart([{ name: 'profile_picture', fileName: 'eu.png', content: png, type: 'image/png' }]);
    const response = await call(context, 'POST', '/api/profiles/edit/', { token: organization.planner.token, ...body });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile_picture).toMatch(/^\/media\/profile-pictures\/.+\.png$/);
    expect(response.json().first_name).toBe('planejador');
  });

  it('gives the field messages for bad data', async () => {
    const response = await call(context, 'POST', '/api/profiles/edit/', {
      token: organization.client.token,
      payload: { first_name: 'Al', last_name: 'Nunes', phone: '123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      first_name: ['Esse campo é obrigatório'],
      phone: ['Número de telefone inválido'],
    });
  });
});
