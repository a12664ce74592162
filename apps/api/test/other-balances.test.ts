import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otherBalances, otherBalanceValues } from '../src/db/schema';
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

/**
 * The clock is frozen on 1 December 2026 at 02:00 UTC: still 30 November (23:00) in Brasília, so
 * 30 November is today and 1 December is a future day, though UTC is already there.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T02:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

/** R$ 50.000,00 of FGTS on 1 October 2026. */
const fgts = { name: '  FGTS  ', balance: 5_000_000, date: '2026-10-01' };

async function createBalance(token: string, payload: object = fgts, query = '') {
  const response = await call(context, 'POST', `/api/balance/create/${query}`, { token, payload });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listBalances(token: string, query = '') {
  const response = await call(context, 'GET', `/api/balance/${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function editBalance(token: string, id: number, payload: object, query = '') {
  const response = await call(context, 'PUT', `/api/balance/edit/${id}/${query}`, { token, payload });
  expect(response.statusCode, JSON.stringify(payload)).toBe(200);
  return response.json();
}

async function countStored(clientUserId: number): Promise<{ balances: number; values: number }> {
  const { db } = context.database;
  const balances = await db
    .select({ id: otherBalances.id })
    .from(otherBalances)
    .where(eq(otherBalances.clientUserId, clientUserId));
  const values = await db
    .select({ id: otherBalanceValues.id })
    .from(otherBalanceValues)
    .where(eq(otherBalanceValues.clientUserId, clientUserId));
  return { balances: balances.length, values: values.length };
}

describe('other balances (balance/)', () => {
  it('creates a balance, keeps its values over time, lists, edits and deletes it', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const created = await createBalance(token);
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'FGTS',
      balance: 5_000_000,
      date: '2026-10-01',
      history: [{ balance: 5_000_000, date: '2026-10-01' }],
    });
    expect(await listBalances(token)).toEqual([created]);

    // A new value on a later day is a new point; the current one is the latest by date.
    const grown = await editBalance(token, created.id, { balance: 5_100_000, date: '2026-11-01' });
    expect(grown).toMatchObject({ balance: 5_100_000, date: '2026-11-01' });
    expect(grown.history).toEqual([
      { balance: 5_100_000, date: '2026-11-01' },
      { balance: 5_000_000, date: '2026-10-01' },
    ]);
    // A value for an earlier day joins the history without becoming the current one.
    const earlier = await editBalance(token, created.id, { balance: 4_900_000, date: '2026-09-01' });
    expect(earlier).toMatchObject({ balance: 5_100_000, date: '2026-11-01' });
    expect(earlier.history.map((point: { date: string }) => point.date)).toEqual([
      '2026-11-01',
      '2026-10-01',
      '2026-09-01',
    ]);
    // A second value on the same day replaces that day's.
    const replaced = await editBalance(token, created.id, { balance: 5_150_000, date: '2026-11-01' });
    expect(replaced.history).toEqual([
      { balance: 5_150_000, date: '2026-11-01' },
      { balance: 5_000_000, date: '2026-10-01' },
      { balance: 4_900_000, date: '2026-09-01' },
    ]);
    // A value without a day is today's in Brazil (30 November); a name alone records no value.
    const today = await editBalance(token, created.id, { balance: 0 });
    expect(today).toMatchObject({ balance: 0, date: '2026-11-30' });
    const renamed = await editBalance(token, created.id, { name: ' FGTS Caixa ' });
    expect(renamed).toEqual({ ...today, name: 'FGTS Caixa' });
    expect(renamed.history).toHaveLength(4);
    // A day alone repeats the latest value on that day.
    const moved = await editBalance(token, created.id, { date: '2026-11-15' });
    expect(moved.history[1]).toEqual({ balance: 0, date: '2026-11-15' });
    expect(await listBalances(token)).toEqual([moved]);

    const deleted = await call(context, 'DELETE', `/api/balance/edit/${created.id}/`, { token });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await listBalances(token)).toEqual([]);
    expect(await countStored(target.client.row.id)).toEqual({ balances: 0, values: 0 });
    const again = await call(context, 'DELETE', `/api/balance/edit/${created.id}/`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Saldo não encontrado.' });
  });

  it('answers at most 36 values of a balance, newest first', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const created = await createBalance(token, { name: 'Casa', balance: 100_000, date: '2020-01-01' });
    await context.database.db.insert(otherBalanceValues).values(
      Array.from({ length: 40 }, (_, index) => ({
        balanceId: created.id,
        organizationId: target.id,
        clientUserId: target.client.row.id,
        balanceCents: 100_000 + index,
        date: `${2021 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`,
      })),
    );
    const [listed] = await listBalances(token);
    expect(listed.history).toHaveLength(36);
    expect(listed).toMatchObject({ balance: 100_039, date: '2024-04-01' });
    expect(listed.history[35]).toEqual({ balance: 100_004, date: '2021-05-01' });
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const cases: [object, Record<string, string[]>][] = [
      [{ ...fgts, name: undefined }, { name: ['Este campo é obrigatório'] }],
      [{ ...fgts, name: '   ' }, { name: ['Este campo é obrigatório'] }],
      [{ ...fgts, name: 'x'.repeat(121) }, { name: ['Limite de 120 excedido'] }],
      [{ ...fgts, balance: undefined }, { balance: ['Este campo é obrigatório'] }],
      [{ ...fgts, balance: -1 }, { balance: ['Valor inválido'] }],
      [{ ...fgts, balance: 10.5 }, { balance: ['Valor inválido: envie centavos inteiros'] }],
      [{ ...fgts, balance: '100' }, { balance: ['Valor inválido'] }],
      [{ ...fgts, balance: 100_000_000_001 }, { balance: ['Valor acima do limite.'] }],
      [{ ...fgts, date: undefined }, { date: ['Este campo é obrigatório'] }],
      [{ ...fgts, date: '2026-12-01' }, { date: ['A data não pode ser futura.'] }],
      [{ ...fgts, date: '2101-01-01' }, { date: ['Data inválida'] }],
      [{ ...fgts, date: '1899-12-31' }, { date: ['Data inválida'] }],
      [{ ...fgts, date: '2026-02-30' }, { date: ['Data inválida'] }],
      [{ ...fgts, date: '01/10/2026' }, { date: ['Data inválida'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(context, 'POST', '/api/balance/create/', { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await countStored(target.client.row.id)).toEqual({ balances: 0, values: 0 });

    const created = await createBalance(token);
    const edits: [object, Record<string, string[]>][] = [
      [{}, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ history: [] }, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ name: '' }, { name: ['Este campo é obrigatório'] }],
      [{ balance: -1 }, { balance: ['Valor inválido'] }],
      [{ balance: 0.5 }, { balance: ['Valor inválido: envie centavos inteiros'] }],
      [{ balance: 1, date: '2026-12-01' }, { date: ['A data não pode ser futura.'] }],
      [{ date: '2101-01-01' }, { date: ['Data inválida'] }],
    ];
    for (const [payload, errors] of edits) {
      const response = await call(context, 'PUT', `/api/balance/edit/${created.id}/`, { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await listBalances(token)).toEqual([created]);
    expect(await countStored(target.client.row.id)).toEqual({ balances: 1, values: 1 });
  });

  it('keeps a client’s balances from other clients and organizations', async () => {
    const owner = organization.client;
    const created = await createBalance(owner.token, { ...fgts, name: 'Carro' });
    for (const stranger of [organization.loneClient, otherOrganization.client]) {
      expect((await listBalances(stranger.token)).map((item: { id: number }) => item.id)).not.toContain(created.id);
      const edited = await call(context, 'PUT', `/api/balance/edit/${created.id}/`, {
        token: stranger.token,
        payload: { balance: 1 },
      });
      expect(edited.statusCode).toBe(404);
      expect(edited.json()).toEqual({ detail: 'Saldo não encontrado.' });
      const deleted = await call(context, 'DELETE', `/api/balance/edit/${created.id}/`, { token: stranger.token });
      expect(deleted.statusCode).toBe(404);
    }
    // A client's clientId names nobody but themself.
    expect(await listBalances(organization.loneClient.token, `?clientId=${owner.row.id}`)).toEqual([]);
    const [kept] = await listBalances(owner.token);
    expect(kept).toMatchObject({ id: created.id, name: 'Carro', balance: 5_000_000, history: [expect.anything()] });
  });

  it('lets a planner act for their client only, and a manager read only', async () => {
    const target = await createTestOrganization(context);
    const { client, planner, manager, loneClient } = target;
    const forClient = `?clientId=${client.row.id}`;

    const created = await createBalance(planner.token, { ...fgts, name: 'Apartamento' }, forClient);
    expect(await countStored(client.row.id)).toEqual({ balances: 1, values: 1 });
    expect((await listBalances(planner.token, forClient)).map((item: { id: number }) => item.id)).toEqual([created.id]);
    const edited = await editBalance(planner.token, created.id, { balance: 6_000_000 }, forClient);
    expect(edited.balance).toBe(6_000_000);

    // Another planner's client, a client without a planner, and another organization's client.
    const othersClient = await addOtherPlannersClient(context, target);
    const othersBalance = await createBalance(othersClient.token);
    const loneBalance = await createBalance(loneClient.token);
    for (const outOfReach of [othersClient.row.id, loneClient.row.id, otherOrganization.client.row.id]) {
      const query = `?clientId=${outOfReach}`;
      expect((await call(context, 'GET', `/api/balance/${query}`, { token: planner.token })).statusCode).toBe(404);
      expect(
        (await call(context, 'POST', `/api/balance/create/${query}`, { token: planner.token, payload: fgts }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call(context, 'PUT', `/api/balance/edit/${othersBalance.id}/${query}`, {
            token: planner.token,
            payload: { balance: 1 },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(context, 'DELETE', `/api/balance/edit/${loneBalance.id}/${query}`, { token: planner.token }))
          .statusCode,
      ).toBe(404);
    }
    // A balance id of another client, under the planner's own client, is not found either.
    const crossed = await call(context, 'PUT', `/api/balance/edit/${othersBalance.id}/${forClient}`, {
      token: planner.token,
      payload: { balance: 1 },
    });
    expect(crossed.statusCode).toBe(404);
    expect(
      (await call(context, 'DELETE', `/api/balance/edit/${loneBalance.id}/${forClient}`, { token: planner.token }))
        .statusCode,
    ).toBe(404);
    expect(await countStored(loneClient.row.id)).toEqual({ balances: 1, values: 1 });
    const [othersKept] = await listBalances(othersClient.token);
    expect(othersKept).toEqual(othersBalance);

    expect((await listBalances(manager.token, forClient)).map((item: { id: number }) => item.id)).toEqual([created.id]);
    expect(
      (await call(context, 'POST', `/api/balance/create/${forClient}`, { token: manager.token, payload: fgts }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(context, 'PUT', `/api/balance/edit/${created.id}/${forClient}`, {
          token: manager.token,
          payload: { balance: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(context, 'DELETE', `/api/balance/edit/${created.id}/${forClient}`, { token: manager.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(context, 'GET', `/api/balance/?clientId=${otherOrganization.client.row.id}`, {
          token: manager.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(await countStored(client.row.id)).toEqual({ balances: 1, values: 2 });
  });

  it('stops at 100 balances a client, saying so, and stores no more', async () => {
    const target = await createTestOrganization(context);
    const clientUserId = target.client.row.id;
    await context.database.db.insert(otherBalances).values(
      Array.from({ length: 100 }, (_, index) => ({
        organizationId: target.id,
        clientUserId,
        name: `Saldo ${index + 1}`,
      })),
    );
    const response = await call(context, 'POST', '/api/balance/create/', { token: target.client.token, payload: fgts });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Limite de 100 saldos atingido: apague um para criar outro.' });
    expect(await countStored(clientUserId)).toEqual({ balances: 100, values: 0 });
  });
});
