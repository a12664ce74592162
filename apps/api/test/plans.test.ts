import { featureToggles } from '@prumo/domain/organization/features';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { plans } from '../src/db/schema';
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

/** The financial flag is what lets managers make plans; organizations of the tests have it unless said. */
const withFinancialFlag = { toggles: [...featureToggles, 'financial'] };

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context, withFinancialFlag);
  otherOrganization = await createTestOrganization(context, withFinancialFlag);
});

const planning = {
  kind: 'planning',
  name: 'Planejamento',
  period: 12,
  description: 'Um ano de encontros mensais com o planejador.',
  fee: 15_000,
};

/** R$ 50,00 of platform plus R$ 200,00 of services for 12 months (R$ 99,00 recurrent, not charged meanwhile). */
const completePlan = {
  name: '  Completo  ',
  description: 'Plataforma e planejamento por um ano.',
  type: 'service',
  platform_amount: 5_000,
  service_amount: 20_000,
  recurrent_amount: 9_900,
  service_months: 12,
  payday: 5,
  serviceProvision: [planning, { ...planning, kind: 'custom', name: 'Mentoria', period: '3', fee: 0 }],
};

async function createPlan(target: TestOrganization, payload: object = completePlan) {
  const response = await call(context, 'POST', '/api/payment/plans/', { token: target.manager.token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function countPlans(organizationId: number): Promise<number> {
  const rows = await context.database.db
    .select({ id: plans.id })
    .from(plans)
    .where(eq(plans.organizationId, organizationId));
  return rows.length;
}

describe('plans (payment/plans/)', () => {
  it('a manager creates a plan with services, reads it every way and changes it', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const created = await createPlan(target);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Completo',
      description: 'Plataforma e planejamento por um ano.',
      type: 'service',
      plan_code: 2,
      platform_amount: 5_000,
      service_amount: 20_000,
      recurrent_amount: 9_900,
      service_months: 12,
      hashed_id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      is_active: true,
      payday: 5,
      serviceProvision: [planning, { ...planning, kind: 'custom', name: 'Mentoria', period: 3, fee: 0 }],
      // The platform's amount plus the services', the services' being above zero.
      total_amount: 25_000,
    });
    const [stored] = await context.database.db.select().from(plans).where(eq(plans.id, created.id));
    expect(stored).toMatchObject({
      organizationId: target.id,
      platformAmountCents: 5_000,
      serviceAmountCents: 20_000,
      hashedId: created.hashed_id,
    });

    const token = target.manager.token;
    const listed = await call(context, 'GET', '/api/payment/plans/', { token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([created]);
    const read = await call(context, 'GET', `/api/payment/plans/${created.id}/`, { token });
    expect(read.json()).toEqual(created);
    const found = await call(context, 'GET', `/api/payment/plans/find?hashedId=${created.hashed_id}`, { token });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(created);

    const switched = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, {
      token,
      payload: { is_active: false, payday: 28 },
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ ...created, is_active: false, payday: 28 });

    // Without services' amount, the recurrent amount is what is added.
    const edited = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, {
      token,
      payload: { service_amount: 0, serviceProvision: [], payday: null, name: 'Manutenção' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      ...created,
      name: 'Manutenção',
      is_active: false,
      payday: null,
      service_amount: 0,
      serviceProvision: [],
      total_amount: 14_900,
    });
    expect(edited.json().hashed_id).toBe(created.hashed_id);
  });

  it('gives the platform plan code 1 and every plan a hashed id of its own', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const platform = await createPlan(target, { name: 'Plataforma', type: 'platform', platform_amount: 2_990 });
    expect(platform).toMatchObject({
      type: 'platform',
      plan_code: 1,
      description: '',
      service_amount: 0,
      recurrent_amount: 0,
      service_months: 0,
      payday: null,
      is_active: true,
      serviceProvision: [],
      total_amount: 2_990,
    });
    const another = await createPlan(target, { name: 'Plataforma 2', type: 'platform', platform_amount: 0 });
    expect(another.total_amount).toBe(0);
    expect(another.hashed_id).not.toBe(platform.hashed_id);
  });

  it('shows clients and planners the active plans only, managers every plan', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const active = await createPlan(target);
    const inactive = await createPlan(target, { ...completePlan, name: 'Antigo', is_active: false });

    const managerList = await call(context, 'GET', '/api/payment/plans/', { token: target.manager.token });
    expect(managerList.json().map((plan: { id: number }) => plan.id)).toEqual([active.id, inactive.id]);
    for (const reader of [target.client, target.planner, target.loneClient]) {
      const listed = await call(context, 'GET', '/api/payment/plans/', { token: reader.token });
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([active]);
      const byId = await call(context, 'GET', `/api/payment/plans/${active.id}/`, { token: reader.token });
      expect(byId.json()).toEqual(active);
      const byHash = await call(context, 'GET', `/api/payment/plans/find?hashedId=${active.hashed_id}`, {
        token: reader.token,
      });
      expect(byHash.json()).toEqual(active);

      const hiddenById = await call(context, 'GET', `/api/payment/plans/${inactive.id}/`, { token: reader.token });
      expect(hiddenById.statusCode).toBe(404);
      expect(hiddenById.json()).toEqual({ detail: 'Plano não encontrado.' });
      const hiddenByHash = await call(context, 'GET', `/api/payment/plans/find?hashedId=${inactive.hashed_id}`, {
        token: reader.token,
      });
      expect(hiddenByHash.statusCode).toBe(404);
      expect(hiddenByHash.json()).toEqual({ detail: 'Plano não encontrado.' });
    }
    const managerReadsInactive = await call(context, 'GET', `/api/payment/plans/find?hashedId=${inactive.hashed_id}`, {
      token: target.manager.token,
    });
    expect(managerReadsInactive.json()).toEqual(inactive);
  });

  it('lists an organization’s active plans to visitors, and 404 for an unknown organization', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const active = await createPlan(target);
    await createPlan(target, { ...completePlan, name: 'Antigo', is_active: false });
    await createPlan(otherOrganization);

    const listed = await call(context, 'GET', `/api/payment/org/${target.slug}/plans/public/`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([active]);

    const unknown = await call(context, 'GET', '/api/payment/org/nao-existe-mesmo/plans/public/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Organização não encontrada' });
  });

  it('refuses bad plans with pt-BR messages per field and stores nothing', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const token = target.manager.token;
    const refused = await call(context, 'POST', '/api/payment/plans/', {
      token,
      payload: {
        name: 'X',
        type: 'gold',
        platform_amount: -1,
        payday: 31,
        serviceProvision: [{ kind: 'custom', name: 'M', period: '123', description: 'Curta', fee: 10.5 }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      name: ['O nome do plano deve ter de 2 a 60 caracteres.'],
      type: ['Tipo de plano inválido: use plataforma ou serviço.'],
      platform_amount: ['Valor inválido'],
      payday: ['Informe um dia de cobrança entre 1 e 28.'],
      'serviceProvision.0.name': ['O nome do serviço deve ter de 2 a 25 caracteres.'],
      'serviceProvision.0.period': ['Número inválido'],
      'serviceProvision.0.description': ['A descrição do serviço deve ter de 10 a 600 caracteres.'],
      'serviceProvision.0.fee': ['Valor inválido: envie centavos inteiros'],
    });

    const platformWithServices = await call(context, 'POST', '/api/payment/plans/', {
      token,
      payload: { name: 'Plataforma', type: 'platform', platform_amount: 1_000, serviceProvision: [planning] },
    });
    expect(platformWithServices.statusCode).toBe(400);
    expect(platformWithServices.json()).toEqual({ serviceProvision: ['Um plano de plataforma não inclui serviços.'] });

    const monthsMissing = await call(context, 'POST', '/api/payment/plans/', {
      token,
      payload: { ...completePlan, service_months: 0 },
    });
    expect(monthsMissing.json()).toEqual({ service_months: ['Informe por quantos meses os serviços são cobrados.'] });

    // Past the largest safe number the rules between fields used to add the amounts and fail with a 500.
    for (const hugeAmount of [2 ** 53, 1e16, 1e300]) {
      const huge = await call(context, 'POST', '/api/payment/plans/', {
        token,
        payload: { ...completePlan, platform_amount: hugeAmount, service_amount: hugeAmount },
      });
      expect(huge.statusCode, String(hugeAmount)).toBe(400);
      expect(Object.keys(huge.json())).toEqual(['platform_amount', 'service_amount']);
      expect(huge.json().platform_amount).toContain('Valor acima do limite.');
    }
    expect(await countPlans(target.id)).toBe(0);
  });

  it('checks a change on the whole plan it makes, and changes nothing when refused', async () => {
    const target = await createTestOrganization(context, withFinancialFlag);
    const token = target.manager.token;
    const created = await createPlan(target);
    const toPlatform = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, {
      token,
      payload: { type: 'platform', is_active: false },
    });
    expect(toPlatform.statusCode).toBe(400);
    expect(toPlatform.json()).toEqual({
      service_amount: ['Um plano de plataforma não cobra serviços: deixe o valor dos serviços em zero.'],
      serviceProvision: ['Um plano de plataforma não inclui serviços.'],
    });
    const nothing = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, { token, payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ non_field_errors: ['Informe ao menos um campo para alterar.'] });
    const badSwitch = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, {
      token,
      payload: { is_active: 'sim' },
    });
    expect(badSwitch.json()).toEqual({ is_active: ['Informe verdadeiro ou falso.'] });

    const read = await call(context, 'GET', `/api/payment/plans/${created.id}/`, { token });
    expect(read.json()).toEqual(created);
  });

  it('answers 404 to another organization’s people for its plans, by id or by hash', async () => {
    const created = await createPlan(organization);
    for (const outsider of [otherOrganization.manager, otherOrganization.client]) {
      const byId = await call(context, 'GET', `/api/payment/plans/${created.id}/`, { token: outsider.token });
      expect(byId.statusCode).toBe(404);
      expect(byId.json()).toEqual({ detail: 'Plano não encontrado.' });
      const byHash = await call(context, 'GET', `/api/payment/plans/find?hashedId=${created.hashed_id}`, {
        token: outsider.token,
      });
      expect(byHash.statusCode).toBe(404);
      const listed = await call(context, 'GET', '/api/payment/plans/', { token: outsider.token });
      expect(listed.json().map((plan: { id: number }) => plan.id)).not.toContain(created.id);
    }
    const changed = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, {
      token: otherOrganization.manager.token,
      payload: { is_active: false },
    });
    expect(changed.statusCode).toBe(404);
    expect(changed.json()).toEqual({ detail: 'Plano não encontrado.' });
    const [stored] = await context.database.db.select().from(plans).where(eq(plans.id, created.id));
    expect(stored?.isActive).toBe(true);
  });

  it('lets only managers make and change plans, and only with the financial flag on', async () => {
    const created = await createPlan(organization);
    const before = await countPlans(organization.id);
    for (const person of [organization.client, organization.planner]) {
      const posted = await call(context, 'POST', '/api/payment/plans/', { token: person.token, payload: completePlan });
      expect(posted.statusCode).toBe(403);
      expect(posted.json()).toEqual({ detail: 'Sem permissão' });
      const put = await call(context, 'PUT', `/api/payment/plans/${created.id}/`, {
        token: person.token,
        payload: { is_active: false },
      });
      expect(put.statusCode).toBe(403);
    }
    expect(await countPlans(organization.id)).toBe(before);

    const withoutFlag = await createTestOrganization(context);
    const posted = await call(context, 'POST', '/api/payment/plans/', {
      token: withoutFlag.manager.token,
      payload: completePlan,
    });
    expect(posted.statusCode).toBe(403);
    expect(posted.json()).toEqual({ detail: 'Sem permissão' });
    expect(await countPlans(withoutFlag.id)).toBe(0);
    // Reading needs no flag: there is simply nothing to read.
    const listed = await call(context, 'GET', '/api/payment/plans/', { token: withoutFlag.manager.token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
  });

  it('needs a session, except for the public list', async () => {
    for (const [method, url] of [
      ['GET', '/api/payment/plans/'],
      ['POST', '/api/payment/plans/'],
      ['GET', '/api/payment/plans/1/'],
      ['PUT', '/api/payment/plans/1/'],
      ['GET', '/api/payment/plans/find?hashedId=abc'],
    ] as const) {
      const response = await call(context, method, url, { payload: method === 'GET' ? undefined : completePlan });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    const missingHash = await call(context, 'GET', '/api/payment/plans/find', { token: organization.client.token });
    expect(missingHash.statusCode).toBe(400);
    expect(missingHash.json()).toEqual({ hashedId: ['Este campo é obrigatório'] });
  });
});
