import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { investments, investmentValues } from '../src/db/schema';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

/** 1 December 2026 at 02:00 UTC is still 30 November (23:00) in Brasília: the day a point is dated. */
const frozenNow = new Date('2026-12-01T02:00:00Z');

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(frozenNow);
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

const validCnpj = '11222333000181';
const otherValidCnpj = '11444777000161';
const base = { name: '  Tesouro  ', balance: 100_000 };

async function createInvestment(token: string, kind: string, payload: object = base, query = '') {
  const response = await call(context, 'POST', `/api/investments/${kind}/create/${query}`, { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function listInvestments(token: string, path = '', query = '') {
  const response = await call(context, 'GET', `/api/investments/${path}${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function countStored(clientUserId: number): Promise<number> {
  const rows = await context.database.db
    .select({ id: investments.id })
    .from(investments)
    .where(eq(investments.clientUserId, clientUserId));
  return rows.length;
}

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('investments (investments/{kind})', () => {
  it('creates each kind with its own fields, lists by kind and all, reads one', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const stocks = await createInvestment(token, 'stocks', { ...base, gross_balance: 120_000 });
    expect(stocks).toEqual({
      id: expect.any(Number),
      kind: 'stocks',
      name: 'Tesouro',
      balance: 100_000,
      gross_balance: 120_000,
      monthly_contribution: null,
      salary: null,
      cnpj: null,
      cnpb: null,
      susep_process: null,
      funds: [],
      history: [{ date: '2026-11-30', balance: 100_000, gross_balance: 120_000 }],
    });
    const fixedIncome = await createInvestment(token, 'fixed-income', { name: 'CDB', balance: 0, cnpj: validCnpj });
    expect(fixedIncome).toMatchObject({ kind: 'fixed-income', balance: 0, cnpj: validCnpj });
    const coe = await createInvestment(token, 'coe', { name: 'COE', balance: 5_000 });
    const privatePension = await createInvestment(token, 'private-pension', {
      name: 'PGBL',
      balance: 200_000,
      monthly_contribution: 50_000,
      cnpb: '2009.0012-18',
      susep_process: '15414.900123/2019-11',
    });
    expect(privatePension).toMatchObject({
      monthly_contribution: 50_000,
      cnpb: '2009001218',
      susep_process: '15414900123201911',
      salary: null,
    });
    const pension = await createInvestment(token, 'pension', {
      name: 'Fundação',
      balance: 300_000,
      salary: 'R$ 5.432,10',
      cnpj: '11.222.333/0001-81',
      cnpb: ' 1999.0001-11 ',
    });
    expect(pension).toMatchObject({ salary: 543_210, cnpj: validCnpj, cnpb: '1999000111' });
    const funds = await createInvestment(token, 'investment-funds', {
      name: 'Carteira',
      balance: 10_000,
      funds: [
        { name: ' Fundo A ', cnpj: '11.222.333/0001-81' },
        { name: 'Fundo B', cnpj: otherValidCnpj },
      ],
    });
    expect(funds.funds).toEqual([
      { name: 'Fundo A', cnpj: validCnpj },
      { name: 'Fundo B', cnpj: otherValidCnpj },
    ]);

    // The salary as digits text or as cents is the same amount.
    for (const salary of ['543210', 543_210]) {
      const again = await createInvestment(token, 'pension', { name: 'Outra', balance: 1, salary });
      expect(again.salary).toBe(543_210);
    }

    const all = [stocks, fixedIncome, coe, privatePension, pension, funds];
    expect(ids(await listInvestments(token))).toEqual([...ids(all), expect.any(Number), expect.any(Number)]);
    expect(await listInvestments(token, 'stocks/')).toEqual([stocks]);
    expect(await listInvestments(token, 'private-pension/')).toEqual([privatePension]);
    const read = await call(context, 'GET', `/api/investments/investment-funds/edit/${funds.id}/`, { token });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(funds);
    // The kind is part of the address: another kind's path does not find it.
    const wrongKind = await call(context, 'GET', `/api/investments/stocks/edit/${funds.id}/`, { token });
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json()).toEqual({ detail: 'Investimento não encontrado.' });
    for (const [method, path] of [
      ['GET', '/api/investments/bitcoin/'],
      ['POST', '/api/investments/bitcoin/create/'],
      ['PUT', `/api/investments/bitcoin/edit/${stocks.id}/`],
    ] as const) {
      const unknown = await call(context, method, path, { token, payload: { name: 'X', balance: 1 } });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ detail: 'Tipo de investimento desconhecido.' });
    }
    expect(await countStored(target.client.row.id)).toBe(8);
  });

  it('refuses bad input, a bad CNPJ and fields of another kind, storing nothing', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const notOfKind = ['Este campo não se aplica a este tipo de investimento.'];
    const cases: [string, object, Record<string, string[]>][] = [
      ['stocks', { ...base, name: undefined }, { name: ['Este campo é obrigatório'] }],
      ['stocks', { ...base, name: 'x'.repeat(121) }, { name: ['Limite de 120 excedido'] }],
      ['stocks', { ...base, balance: undefined }, { balance: ['Este campo é obrigatório'] }],
      ['stocks', { ...base, balance: -1 }, { balance: ['Valor inválido'] }],
      ['stocks', { ...base, balance: 10.5 }, { balance: ['Valor inválido: envie centavos inteiros'] }],
      ['stocks', { ...base, gross_balance: 100_000_000_001 }, { gross_balance: ['Valor acima do limite.'] }],
      ['coe', { ...base, cnpj: '11.222.333/0001-80' }, { cnpj: ['CNPJ inválido.'] }],
      ['coe', { ...base, cnpj: 'abc' }, { cnpj: ['CNPJ inválido.'] }],
      [
        'investment-funds',
        {
          ...base,
          funds: [
            { name: 'A', cnpj: validCnpj },
            { name: 'B', cnpj: '11111111111111' },
          ],
        },
        { 'funds.1.cnpj': ['CNPJ inválido.'] },
      ],
      ['investment-funds', { ...base, funds: [{ name: 'A' }] }, { 'funds.0.cnpj': ['CNPJ é obrigatório.'] }],
      [
        'investment-funds',
        { ...base, funds: Array.from({ length: 21 }, () => ({ name: 'A', cnpj: validCnpj })) },
        { funds: ['Informe no máximo 20 fundos.'] },
      ],
      ['pension', { ...base, salary: 'R$' }, { salary: ['Valor inválido'] }],
      ['pension', { ...base, salary: true }, { salary: ['Valor inválido'] }],
      ['pension', { ...base, cnpb: '1'.repeat(21) }, { cnpb: ['Informe de 1 a 20 dígitos.'] }],
      ['pension', { ...base, susep_process: 'abc' }, { susep_process: ['Informe de 1 a 25 dígitos.'] }],
      ['stocks', { ...base, monthly_contribution: 100 }, { monthly_contribution: notOfKind }],
      ['coe', { ...base, funds: [] }, { funds: notOfKind }],
      ['private-pension', { ...base, salary: 100 }, { salary: notOfKind }],
      [
        'investment-funds',
        { ...base, cnpb: '123', susep_process: null },
        { cnpb: notOfKind, susep_process: notOfKind },
      ],
    ];
    for (const [kind, payload, errors] of cases) {
      const response = await call(context, 'POST', `/api/investments/${kind}/create/`, { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await countStored(target.client.row.id)).toBe(0);

    const created = await createInvestment(token, 'pension', { name: 'Fundação', balance: 1_000 });
    const edits: [object, Record<string, string[]>][] = [
      [{}, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ history: [] }, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ name: '' }, { name: ['Este campo é obrigatório'] }],
      [{ balance: null }, { balance: ['Valor inválido'] }],
      [{ cnpj: '11222333000180' }, { cnpj: ['CNPJ inválido.'] }],
      [{ funds: [] }, { funds: notOfKind }],
    ];
    for (const [payload, errors] of edits) {
      const response = await call(context, 'PUT', `/api/investments/pension/edit/${created.id}/`, { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await listInvestments(token)).toEqual([created]);
  });

  it('keeps the balance over time: one point a day, newest first, at most 36', async () => {
    // 23:30 on 30 November in Brasília; 40 minutes on it is 1 December there (the session lasts an hour).
    vi.setSystemTime(new Date('2026-12-01T02:30:00Z'));
    try {
      const target = await createTestOrganization(context);
      const token = target.client.token;
      const created = await createInvestment(token, 'fixed-income', { name: 'CDB', balance: 100_000 });
      const edit = (payload: object) =>
        call(context, 'PUT', `/api/investments/fixed-income/edit/${created.id}/`, { token, payload });
      // The same day (in Brazil) replaces the point; a name alone records none.
      expect((await edit({ balance: 110_000, gross_balance: 115_000 })).json().history).toEqual([
        { date: '2026-11-30', balance: 110_000, gross_balance: 115_000 },
      ]);
      vi.setSystemTime(new Date('2026-12-01T03:10:00Z'));
      const renamed = await edit({ name: 'CDB Banco' });
      expect(renamed.json().history).toHaveLength(1);
      const changed = await edit({ gross_balance: null });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({
        name: 'CDB Banco',
        balance: 110_000,
        gross_balance: null,
        history: [
          { date: '2026-12-01', balance: 110_000, gross_balance: null },
          { date: '2026-11-30', balance: 110_000, gross_balance: 115_000 },
        ],
      });

      await context.database.db.insert(investmentValues).values(
        Array.from({ length: 40 }, (_, index) => ({
          investmentId: created.id,
          date: `2023-${String((index % 12) + 1).padStart(2, '0')}-${String(Math.floor(index / 12) + 1).padStart(2, '0')}`,
          balanceCents: index,
        })),
      );
      const [listed] = await listInvestments(token, 'fixed-income/');
      expect(listed.history).toHaveLength(36);
      expect(listed.history.slice(0, 2).map((point: { date: string }) => point.date)).toEqual([
        '2026-12-01',
        '2026-11-30',
      ]);
      const dates = listed.history.map((point: { date: string }) => point.date);
      expect(dates).toEqual([...dates].sort().reverse());

      const deleted = await call(context, 'DELETE', `/api/investments/fixed-income/edit/${created.id}/`, { token });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      const points = await context.database.db
        .select()
        .from(investmentValues)
        .where(eq(investmentValues.investmentId, created.id));
      expect(points).toEqual([]);
      const again = await call(context, 'DELETE', `/api/investments/fixed-income/edit/${created.id}/`, { token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ detail: 'Investimento não encontrado.' });
    } finally {
      vi.setSystemTime(frozenNow);
    }
  });

  it('answers at the published addresses too, the kind glued to the action, and keeps them scoped', async () => {
    const target = await createTestOrganization(context);
    const { token } = target.client;
    const created = await call(context, 'POST', '/api/investments/fixed-incomecreate/', {
      token,
      payload: { name: 'CDB', balance: 5_000 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect(created.json()).toMatchObject({ name: 'CDB', balance: 5_000 });
    const path = `/api/investments/fixed-incomeedit/${id}/`;
    expect((await call(context, 'GET', path, { token })).json()).toMatchObject({ id, balance: 5_000 });
    const changed = await call(context, 'PUT', path, { token, payload: { balance: 6_000 } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ id, balance: 6_000 });
    // Another kind's address, an unknown kind and another client's address find nothing.
    expect((await call(context, 'GET', `/api/investments/stocksedit/${id}/`, { token })).statusCode).toBe(404);
    const unknownKind = await call(context, 'POST', '/api/investments/savingscreate/', {
      token,
      payload: { name: 'X', balance: 1 },
    });
    expect(unknownKind.statusCode).toBe(404);
    const stranger = await call(context, 'DELETE', path, { token: otherOrganization.client.token });
    expect(stranger.statusCode).toBe(404);
    expect(await countStored(target.client.row.id)).toBe(1);
    expect((await call(context, 'DELETE', path, { token })).statusCode).toBe(204);
    expect(await countStored(target.client.row.id)).toBe(0);
    const documented = Object.keys((await call(context, 'GET', '/api/docs/json')).json().paths);
    expect(documented).toEqual(
      expect.arrayContaining(['/api/investments/{kind}create/', '/api/investments/{kind}edit/{id}/']),
    );
  });

  it('keeps a client’s investments from other clients and organizations', async () => {
    const owner = organization.client;
    const created = await createInvestment(owner.token, 'stocks', { name: 'Ações', balance: 1 });
    for (const stranger of [organization.loneClient, otherOrganization.client]) {
      expect(ids(await listInvestments(stranger.token))).not.toContain(created.id);
      const path = `/api/investments/stocks/edit/${created.id}/`;
      const read = await call(context, 'GET', path, { token: stranger.token });
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ detail: 'Investimento não encontrado.' });
      const edited = await call(context, 'PUT', path, { token: stranger.token, payload: { balance: 0 } });
      expect(edited.statusCode).toBe(404);
      expect(edited.json()).toEqual({ detail: 'Investimento não encontrado.' });
      expect((await call(context, 'DELETE', path, { token: stranger.token })).statusCode).toBe(404);
    }
    expect(await listInvestments(organization.loneClient.token, '', `?clientId=${owner.row.id}`)).toEqual([]);
    const [kept] = await listInvestments(owner.token, 'stocks/');
    expect(kept).toMatchObject({ id: created.id, balance: 1, history: [{ balance: 1 }] });
  });

  it('lets a planner act for their client only, and a manager read only', async () => {
    const target = await createTestOrganization(context);
    const { client, planner, manager, loneClient } = target;
    const forClient = `?clientId=${client.row.id}`;

    const created = await createInvestment(planner.token, 'coe', { name: 'COE', balance: 1 }, forClient);
    expect(await countStored(client.row.id)).toBe(1);
    expect(ids(await listInvestments(planner.token, 'coe/', forClient))).toEqual([created.id]);
    const edited = await call(context, 'PUT', `/api/investments/coe/edit/${created.id}/${forClient}`, {
      token: planner.token,
      payload: { balance: 2 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().balance).toBe(2);

    const othersClient = await addOtherPlannersClient(context, target);
    const othersInvestment = await createInvestment(othersClient.token, 'coe');
    const loneInvestment = await createInvestment(loneClient.token, 'coe');
    for (const outOfReach of [othersClient.row.id, loneClient.row.id, otherOrganization.client.row.id]) {
      const query = `?clientId=${outOfReach}`;
      const token = planner.token;
      expect((await call(context, 'GET', `/api/investments/${query}`, { token })).statusCode).toBe(404);
      expect((await call(context, 'GET', `/api/investments/coe/${query}`, { token })).statusCode).toBe(404);
      expect(
        (await call(context, 'POST', `/api/investments/coe/create/${query}`, { token, payload: base })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(context, 'PUT', `/api/investments/coe/edit/${othersInvestment.id}/${query}`, {
            token,
            payload: { name: 'Tomado' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(context, 'DELETE', `/api/investments/coe/edit/${loneInvestment.id}/${query}`, { token }))
          .statusCode,
      ).toBe(404);
    }
    const crossed = await call(context, 'DELETE', `/api/investments/coe/edit/${loneInvestment.id}/${forClient}`, {
      token: planner.token,
    });
    expect(crossed.statusCode).toBe(404);
    expect(await countStored(loneClient.row.id)).toBe(1);
    expect(await countStored(othersClient.row.id)).toBe(1);

    expect(ids(await listInvestments(manager.token, '', forClient))).toEqual([created.id]);
    const read = await call(context, 'GET', `/api/investments/coe/edit/${created.id}/${forClient}`, {
      token: manager.token,
    });
    expect(read.statusCode).toBe(200);
    for (const [method, path] of [
      ['POST', `/api/investments/coe/create/${forClient}`],
      ['PUT', `/api/investments/coe/edit/${created.id}/${forClient}`],
      ['DELETE', `/api/investments/coe/edit/${created.id}/${forClient}`],
    ] as const) {
      const response = await call(context, method, path, { token: manager.token, payload: base });
      expect(response.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(
      (
        await call(context, 'GET', `/api/investments/?clientId=${otherOrganization.client.row.id}`, {
          token: manager.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(await countStored(client.row.id)).toBe(1);
  });

  it('stops at 200 investments a client, saying so, and stores no more', async () => {
    const target = await createTestOrganization(context);
    const clientUserId = target.client.row.id;
    await context.database.db.insert(investments).values(
      Array.from({ length: 200 }, (_, index) => ({
        organizationId: target.id,
        clientUserId,
        kind: 'stocks' as const,
        name: `Ação ${index + 1}`,
        balanceCents: 100,
      })),
    );
    const response = await call(context, 'POST', '/api/investments/stocks/create/', {
      token: target.client.token,
      payload: base,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Limite de 200 investimentos atingido: apague um para criar outro.',
    });
    expect(await countStored(clientUserId)).toBe(200);
  });
});
