import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { debts } from '../src/db/schema';
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
 * The clock is frozen on 1 December 2026 at 02:00 UTC: still 30 November (23:00) in Brasília, so the
 * current month is November and month 1 of a payoff is December 2026, not January 2027.
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

/** R$ 1.000,00 at 2 % a month, paid R$ 300,00 a month. */
const card = { name: '  Cartão  ', balance: 100_000, monthly_payment: 30_000, interest_rate: 2 };

async function createDebt(token: string, payload: object = card, query = '') {
  const response = await call(context, 'POST', `/api/debts/create/${query}`, { token, payload });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listDebts(token: string, query = '') {
  const response = await call(context, 'GET', `/api/debts/${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function countStored(clientUserId: number): Promise<number> {
  const rows = await context.database.db
    .select({ id: debts.id })
    .from(debts)
    .where(eq(debts.clientUserId, clientUserId));
  return rows.length;
}

describe('debts (debts/)', () => {
  it('creates a debt with its payoff, lists, edits and deletes it', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const created = await createDebt(token);
    // By hand, each month's interest rounded to the cent, then the payment:
    // 1: 100.000 + 2.000 = 102.000 − 30.000 = 72.000
    // 2:  72.000 + 1.440 =  73.440 − 30.000 = 43.440
    // 3:  43.440 +   869 =  44.309 − 30.000 = 14.309
    // 4:  14.309 +   286 =  14.595, the last payment: 3 × 30.000 + 14.595 = 104.595.
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Cartão',
      balance: 100_000,
      monthly_payment: 30_000,
      installments_left: null,
      interest_rate: 2,
      payoff: { months: 4, payoff_month: '2027-03', total_paid: 104_595 },
      never_paid_off: false,
      monthly_interest: null,
    });
    expect(await listDebts(token)).toEqual([created]);

    const edited = await call(context, 'PUT', `/api/debts/edit/${created.id}/`, {
      token,
      payload: { name: 'Cartão novo', interest_rate: 0 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      ...created,
      name: 'Cartão novo',
      interest_rate: 0,
      payoff: { months: 4, payoff_month: '2027-03', total_paid: 100_000 },
    });

    const deleted = await call(context, 'DELETE', `/api/debts/edit/${created.id}/`, { token });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await listDebts(token)).toEqual([]);
    const again = await call(context, 'DELETE', `/api/debts/edit/${created.id}/`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Dívida não encontrada.' });
  });

  it('pays off over the instalments left, says when a payment never beats the interest, keeps 4 decimals', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const financing = await createDebt(token, {
      name: 'Financiamento',
      balance: 500_000,
      monthly_payment: 50_000,
      installments_left: 12,
      interest_rate: 1.9999,
    });
    expect(financing).toMatchObject({
      installments_left: 12,
      interest_rate: 1.9999,
      payoff: { months: 12, payoff_month: '2027-11', total_paid: 600_000 },
      never_paid_off: false,
      monthly_interest: null,
    });
    const [stored] = await context.database.db.select().from(debts).where(eq(debts.id, financing.id));
    expect(stored?.interestRateTenThousandths).toBe(19_999);

    // 3,5 % of R$ 10.000,00 is R$ 350,00 a month: R$ 300,00 never pays it off.
    const overdraft = await createDebt(token, {
      name: 'Cheque especial',
      balance: 1_000_000,
      monthly_payment: 30_000,
      interest_rate: 3.5,
    });
    expect(overdraft).toMatchObject({ payoff: null, never_paid_off: true, monthly_interest: 35_000 });

    const listed = await listDebts(token);
    expect(listed.map((debt: { id: number }) => debt.id)).toEqual([financing.id, overdraft.id]);
    // Knowing the instalments no more, the balance and interest decide it.
    const unknown = await call(context, 'PUT', `/api/debts/edit/${financing.id}/`, {
      token,
      payload: { installments_left: null, interest_rate: 0 },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({
      installments_left: null,
      payoff: { months: 10, payoff_month: '2027-09', total_paid: 500_000 },
    });
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const cases: [object, Record<string, string[]>][] = [
      [{ ...card, name: undefined }, { name: ['Este campo é obrigatório'] }],
      [{ ...card, name: '   ' }, { name: ['Este campo é obrigatório'] }],
      [{ ...card, name: 'x'.repeat(121) }, { name: ['Limite de 120 excedido'] }],
      [{ ...card, balance: undefined }, { balance: ['Este campo é obrigatório'] }],
      [{ ...card, balance: 0 }, { balance: ['Valor inválido'] }],
      [{ ...card, balance: 10.5 }, { balance: ['Valor inválido: envie centavos inteiros'] }],
      [{ ...card, balance: 100_000_000_001 }, { balance: ['Valor acima do limite.'] }],
      [{ ...card, monthly_payment: -1 }, { monthly_payment: ['Valor inválido'] }],
      [{ ...card, monthly_payment: '300' }, { monthly_payment: ['Valor inválido'] }],
      [{ ...card, installments_left: 0 }, { installments_left: ['Informe de 1 a 600 parcelas.'] }],
      [{ ...card, installments_left: 601 }, { installments_left: ['Informe de 1 a 600 parcelas.'] }],
      [{ ...card, installments_left: 2.5 }, { installments_left: ['Número inválido'] }],
      [{ ...card, interest_rate: undefined }, { interest_rate: ['Este campo é obrigatório'] }],
      [{ ...card, interest_rate: -1 }, { interest_rate: ['Taxa de juros inválida: use de 0 a 100 % ao mês.'] }],
      [{ ...card, interest_rate: 101 }, { interest_rate: ['Taxa de juros inválida: use de 0 a 100 % ao mês.'] }],
      [{ ...card, interest_rate: 1.23456 }, { interest_rate: ['Use no máximo 4 casas decimais.'] }],
      [{ ...card, interest_rate: '2' }, { interest_rate: ['Número inválido'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(context, 'POST', '/api/debts/create/', { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await countStored(target.client.row.id)).toBe(0);

    const created = await createDebt(token);
    const edits: [object, Record<string, string[]>][] = [
      [{}, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ payoff: null }, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ name: '' }, { name: ['Este campo é obrigatório'] }],
      [{ balance: 0 }, { balance: ['Valor inválido'] }],
      [{ installments_left: 601 }, { installments_left: ['Informe de 1 a 600 parcelas.'] }],
      [{ interest_rate: 0.00001 }, { interest_rate: ['Use no máximo 4 casas decimais.'] }],
    ];
    for (const [payload, errors] of edits) {
      const response = await call(context, 'PUT', `/api/debts/edit/${created.id}/`, { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await listDebts(token)).toEqual([created]);
  });

  it('keeps a client’s debts from other clients and organizations', async () => {
    const owner = organization.client;
    const created = await createDebt(owner.token, { ...card, name: 'Empréstimo' });
    for (const stranger of [organization.loneClient, otherOrganization.client]) {
      expect((await listDebts(stranger.token)).map((debt: { id: number }) => debt.id)).not.toContain(created.id);
      const edited = await call(context, 'PUT', `/api/debts/edit/${created.id}/`, {
        token: stranger.token,
        payload: { name: 'Tomada' },
      });
      expect(edited.statusCode).toBe(404);
      expect(edited.json()).toEqual({ detail: 'Dívida não encontrada.' });
      const deleted = await call(context, 'DELETE', `/api/debts/edit/${created.id}/`, { token: stranger.token });
      expect(deleted.statusCode).toBe(404);
    }
    // A client's clientId names nobody but themself.
    expect(await listDebts(organization.loneClient.token, `?clientId=${owner.row.id}`)).toEqual([]);
    const [kept] = await listDebts(owner.token);
    expect(kept).toMatchObject({ id: created.id, name: 'Empréstimo' });
  });

  it('lets a planner act for their client only, and a manager read only', async () => {
    const target = await createTestOrganization(context);
    const { client, planner, manager, loneClient } = target;
    const forClient = `?clientId=${client.row.id}`;

    const created = await createDebt(planner.token, { ...card, name: 'Consignado' }, forClient);
    expect(await countStored(client.row.id)).toBe(1);
    expect((await listDebts(planner.token, forClient)).map((debt: { id: number }) => debt.id)).toEqual([created.id]);
    const edited = await call(context, 'PUT', `/api/debts/edit/${created.id}/${forClient}`, {
      token: planner.token,
      payload: { monthly_payment: 40_000 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().monthly_payment).toBe(40_000);

    // Another planner's client, a client without a planner, and another organization's client.
    const othersClient = await addOtherPlannersClient(context, target);
    const othersDebt = await createDebt(othersClient.token);
    const loneDebt = await createDebt(loneClient.token);
    for (const outOfReach of [othersClient.row.id, loneClient.row.id, otherOrganization.client.row.id]) {
      const query = `?clientId=${outOfReach}`;
      expect((await call(context, 'GET', `/api/debts/${query}`, { token: planner.token })).statusCode).toBe(404);
      expect(
        (await call(context, 'POST', `/api/debts/create/${query}`, { token: planner.token, payload: card })).statusCode,
      ).toBe(404);
      expect(
        (
          await call(context, 'PUT', `/api/debts/edit/${othersDebt.id}/${query}`, {
            token: planner.token,
            payload: { name: 'Tomada' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(context, 'DELETE', `/api/debts/edit/${loneDebt.id}/${query}`, { token: planner.token })).statusCode,
      ).toBe(404);
    }
    // A debt id of another client, under the planner's own client, is not found either.
    const crossed = await call(context, 'DELETE', `/api/debts/edit/${loneDebt.id}/${forClient}`, {
      token: planner.token,
    });
    expect(crossed.statusCode).toBe(404);
    expect(await countStored(loneClient.row.id)).toBe(1);
    const [othersKept] = await listDebts(othersClient.token);
    expect(othersKept).toMatchObject({ id: othersDebt.id, name: 'Cartão' });

    expect((await listDebts(manager.token, forClient)).map((debt: { id: number }) => debt.id)).toEqual([created.id]);
    expect(
      (await call(context, 'POST', `/api/debts/create/${forClient}`, { token: manager.token, payload: card }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(context, 'PUT', `/api/debts/edit/${created.id}/${forClient}`, {
          token: manager.token,
          payload: { name: 'Gestor' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(context, 'DELETE', `/api/debts/edit/${created.id}/${forClient}`, { token: manager.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(context, 'GET', `/api/debts/?clientId=${otherOrganization.client.row.id}`, { token: manager.token }))
        .statusCode,
    ).toBe(404);
    expect(await countStored(client.row.id)).toBe(1);
  });

  it('stops at 100 debts a client, saying so, and stores no more', async () => {
    const target = await createTestOrganization(context);
    const clientUserId = target.client.row.id;
    await context.database.db.insert(debts).values(
      Array.from({ length: 100 }, (_, index) => ({
        organizationId: target.id,
        clientUserId,
        name: `Dívida ${index + 1}`,
        balanceCents: 10_000,
        monthlyPaymentCents: 1_000,
        interestRateTenThousandths: 0,
      })),
    );
    const response = await call(context, 'POST', '/api/debts/create/', { token: target.client.token, payload: card });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Limite de 100 dívidas atingido: apague uma para criar outra.' });
    expect(await countStored(clientUserId)).toBe(100);
  });
});
