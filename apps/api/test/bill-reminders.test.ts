import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billReminders, transactions } from '../src/db/schema';
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
 * The clock is frozen on 15 November 2026 at 02:00 UTC: still 14 November (23:00) in Brasília, so a
 * due date on the 14th is today's, not a past one. Users are made after freezing, so their sessions are valid.
 */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T02:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

const rent = { title: '  Aluguel  ', reminder_date: '2026-01-14', periodicity: 'MONTHLY', amount: 250_000 };

async function createReminder(token: string, payload: object = rent, query = '') {
  const response = await call(context, 'POST', `/api/bill-reminder/${query}`, { token, payload });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function listReminders(token: string, query = '') {
  const response = await call(context, 'GET', `/api/bill-reminder/${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The due dates of a listed reminder. */
function datesOf(reminder: { occurrences: { date: string }[] }): string[] {
  return reminder.occurrences.map((occurrence) => occurrence.date);
}

async function countStored(clientUserId: number): Promise<number> {
  const rows = await context.database.db
    .select({ id: billReminders.id })
    .from(billReminders)
    .where(eq(billReminders.clientUserId, clientUserId));
  return rows.length;
}

describe('bill reminders (bill-reminder/)', () => {
  it('creates a reminder with its defaults, lists it with 36 occurrences, edits and deletes it', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const created = await createReminder(token);
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Aluguel',
      content: null,
      reminder_date: '2026-01-14',
      periodicity: 'MONTHLY',
      type: 'USER',
      status: 'ACTIVE',
      amount: 250_000,
      user_reminder: true,
      cashflow_reminder: true,
    });

    const [listed] = await listReminders(token);
    expect(listed).toMatchObject(created);
    expect(listed.occurrences).toHaveLength(36);
    expect(datesOf(listed).slice(0, 3)).toEqual(['2026-01-14', '2026-02-14', '2026-03-14']);
    expect(datesOf(listed).at(-1)).toBe('2028-12-14');
    // Still 14 November in Brazil, though 15 November in UTC.
    expect(listed.next_occurrence).toBe('2026-11-14');

    const edited = await call(context, 'PUT', `/api/bill-reminder/${created.id}/`, {
      token,
      payload: { title: 'Aluguel novo', content: 'Pagar no banco', amount: null, cashflow_reminder: false },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      ...created,
      title: 'Aluguel novo',
      content: 'Pagar no banco',
      amount: null,
      cashflow_reminder: false,
    });
    const yearly = await call(context, 'PUT', `/api/bill-reminder/${created.id}/`, {
      token,
      payload: { periodicity: 'YEARLY', reminder_date: '2025-12-01' },
    });
    expect(yearly.statusCode).toBe(200);
    const [listedYearly] = await listReminders(token);
    expect(datesOf(listedYearly)).toEqual(['2025-12-01', '2026-12-01', '2027-12-01']);
    expect(listedYearly.next_occurrence).toBe('2026-12-01');

    const deleted = await call(context, 'DELETE', `/api/bill-reminder/${created.id}/`, { token });
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await listReminders(token)).toEqual([]);
    expect((await call(context, 'DELETE', `/api/bill-reminder/${created.id}/`, { token })).json()).toEqual({
      detail: 'Lembrete não encontrado.',
    });
  });

  it('lists 3 yearly occurrences, keeps a 31st at the end of shorter months, and answers null when all are past', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    await createReminder(token, {
      title: 'IPVA',
      reminder_date: '2024-02-29',
      periodicity: 'YEARLY',
      user_reminder: false,
      content: '   ',
    });
    await createReminder(token, { title: 'Cartão', reminder_date: '2027-01-31', periodicity: 'MONTHLY' });
    await createReminder(token, { title: 'Antiga', reminder_date: '2020-05-10', periodicity: 'MONTHLY' });
    const [old, ipva, card] = await listReminders(token);

    expect(ipva).toMatchObject({ title: 'IPVA', content: null, amount: null, user_reminder: false });
    expect(datesOf(ipva)).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
    expect(ipva.next_occurrence).toBeNull();

    expect(datesOf(card).slice(0, 5)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(datesOf(card)).toContain('2028-02-29');
    expect(card.next_occurrence).toBe('2027-01-31');

    expect(old.occurrences).toHaveLength(36);
    expect(old.next_occurrence).toBeNull();
  });

  it('refuses bad input with the field’s message and stores nothing', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const cases: [object, Record<string, string[]>][] = [
      [{ ...rent, title: undefined }, { title: ['Este campo é obrigatório'] }],
      [{ ...rent, title: '   ' }, { title: ['Este campo é obrigatório'] }],
      [{ ...rent, title: 'x'.repeat(121) }, { title: ['Limite de 120 excedido'] }],
      [{ ...rent, content: 'x'.repeat(1001) }, { content: ['Limite de 1000 excedido'] }],
      [{ ...rent, reminder_date: '2026-02-31' }, { reminder_date: ['Data inválida'] }],
      [{ ...rent, reminder_date: '14/01/2026' }, { reminder_date: ['Data inválida'] }],
      [{ ...rent, reminder_date: '2101-01-01' }, { reminder_date: ['Data inválida'] }],
      [{ ...rent, reminder_date: undefined }, { reminder_date: ['Este campo é obrigatório'] }],
      [
        { ...rent, periodicity: 'WEEKLY' },
        { periodicity: ['Periodicidade inválida: use MONTHLY (todo mês) ou YEARLY (todo ano).'] },
      ],
      [{ ...rent, amount: -100 }, { amount: ['Valor inválido'] }],
      [{ ...rent, amount: 100_000_000_001 }, { amount: ['Valor acima do limite.'] }],
      [{ ...rent, amount: 10.5 }, { amount: ['Valor inválido: envie centavos inteiros'] }],
      [{ ...rent, user_reminder: 'sim' }, { user_reminder: ['Valor inválido'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(context, 'POST', '/api/bill-reminder/', { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await countStored(target.client.row.id)).toBe(0);

    const created = await createReminder(token);
    const edits: [object, Record<string, string[]>][] = [
      [{}, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ type: 'RECOMMENDER' }, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ title: '' }, { title: ['Este campo é obrigatório'] }],
      [{ reminder_date: '2101-01-01' }, { reminder_date: ['Data inválida'] }],
      [
        { periodicity: 'WEEKLY' },
        { periodicity: ['Periodicidade inválida: use MONTHLY (todo mês) ou YEARLY (todo ano).'] },
      ],
      [{ amount: 0 }, { amount: ['Valor inválido'] }],
    ];
    for (const [payload, errors] of edits) {
      const response = await call(context, 'PUT', `/api/bill-reminder/${created.id}/`, { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    const [unchanged] = await listReminders(token);
    expect(unchanged).toMatchObject(created);
  });

  it('keeps a client’s reminders from other clients and organizations', async () => {
    const owner = organization.client;
    const created = await createReminder(owner.token, { ...rent, title: 'Escola' });
    for (const stranger of [organization.loneClient, otherOrganization.client]) {
      expect((await listReminders(stranger.token)).map((reminder: { id: number }) => reminder.id)).not.toContain(
        created.id,
      );
      const edited = await call(context, 'PUT', `/api/bill-reminder/${created.id}/`, {
        token: stranger.token,
        payload: { title: 'Tomado' },
      });
      expect(edited.statusCode).toBe(404);
      expect(edited.json()).toEqual({ detail: 'Lembrete não encontrado.' });
      const deleted = await call(context, 'DELETE', `/api/bill-reminder/${created.id}/`, { token: stranger.token });
      expect(deleted.statusCode).toBe(404);
    }
    // A client's clientId names nobody but themself.
    const named = await listReminders(organization.loneClient.token, `?clientId=${owner.row.id}`);
    expect(named).toEqual([]);
    const [kept] = await listReminders(owner.token);
    expect(kept).toMatchObject({ id: created.id, title: 'Escola' });
  });

  it('lets a planner act for their client only, and a manager read only', async () => {
    const target = await createTestOrganization(context);
    const { client, planner, manager, loneClient } = target;
    const forClient = `?clientId=${client.row.id}`;

    const created = await createReminder(planner.token, { ...rent, title: 'Condomínio' }, forClient);
    expect(await countStored(client.row.id)).toBe(1);
    expect((await listReminders(planner.token, forClient)).map((reminder: { id: number }) => reminder.id)).toEqual([
      created.id,
    ]);
    const edited = await call(context, 'PUT', `/api/bill-reminder/${created.id}/${forClient}`, {
      token: planner.token,
      payload: { amount: 80_000 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().amount).toBe(80_000);

    // Another planner's client, a client without a planner, and another organization's client.
    const othersClient = await addOtherPlannersClient(context, target);
    const othersReminder = await createReminder(othersClient.token);
    const loneReminder = await createReminder(loneClient.token);
    for (const outOfReach of [othersClient.row.id, loneClient.row.id, otherOrganization.client.row.id]) {
      const query = `?clientId=${outOfReach}`;
      expect((await call(context, 'GET', `/api/bill-reminder/${query}`, { token: planner.token })).statusCode).toBe(
        404,
      );
      expect(
        (await call(context, 'POST', `/api/bill-reminder/${query}`, { token: planner.token, payload: rent }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call(context, 'PUT', `/api/bill-reminder/${loneReminder.id}/${query}`, {
            token: planner.token,
            payload: { title: 'Tomado' },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(context, 'DELETE', `/api/bill-reminder/${loneReminder.id}/${query}`, { token: planner.token }))
          .statusCode,
      ).toBe(404);
    }
    // A reminder id of another client, under the planner's own client, is not found either.
    const crossed = await call(context, 'DELETE', `/api/bill-reminder/${loneReminder.id}/${forClient}`, {
      token: planner.token,
    });
    expect(crossed.statusCode).toBe(404);
    const othersEdited = await call(
      context,
      'PUT',
      `/api/bill-reminder/${othersReminder.id}/?clientId=${othersClient.row.id}`,
      {
        token: planner.token,
        payload: { title: 'Tomado' },
      },
    );
    expect(othersEdited.statusCode).toBe(404);
    expect(await countStored(loneClient.row.id)).toBe(1);
    const [othersKept] = await listReminders(othersClient.token);
    expect(othersKept).toMatchObject({ id: othersReminder.id, title: 'Aluguel' });

    expect((await listReminders(manager.token, forClient)).map((reminder: { id: number }) => reminder.id)).toEqual([
      created.id,
    ]);
    expect(
      (await call(context, 'POST', `/api/bill-reminder/${forClient}`, { token: manager.token, payload: rent }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(context, 'PUT', `/api/bill-reminder/${created.id}/${forClient}`, {
          token: manager.token,
          payload: { title: 'Gestor' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(context, 'DELETE', `/api/bill-reminder/${created.id}/${forClient}`, { token: manager.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(context, 'GET', `/api/bill-reminder/?clientId=${otherOrganization.client.row.id}`, {
          token: manager.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(await countStored(client.row.id)).toBe(1);
  });

  it('stops at 200 reminders a client, saying so, and stores no more', async () => {
    const target = await createTestOrganization(context);
    const clientUserId = target.client.row.id;
    await context.database.db.insert(billReminders).values(
      Array.from({ length: 200 }, (_, index) => ({
        organizationId: target.id,
        clientUserId,
        title: `Conta ${index + 1}`,
        reminderDate: '2026-12-10',
        periodicity: 'MONTHLY' as const,
        type: 'USER' as const,
      })),
    );
    const response = await call(context, 'POST', '/api/bill-reminder/', { token: target.client.token, payload: rent });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Limite de 200 lembretes atingido: apague um para criar outro.',
    });
    expect(await countStored(clientUserId)).toBe(200);
  });
});

describe('paid occurrences in bill-reminder/', () => {
  async function typeLine(token: string, name: string, amount: number, date: string): Promise<number> {
    const response = await call(context, 'POST', '/api/transactions/create/', {
      token,
      payload: { name, amount, date },
    });
    expect(response.statusCode).toBe(201);
    return response.json().id;
  }

  it('marks an occurrence paid by a line of its merchant about its day and amount, and gives the first unpaid as next', async () => {
    const target = await createTestOrganization(context);
    const { client, loneClient } = target;
    const rentReminder = await createReminder(client.token, {
      title: 'Aluguel',
      reminder_date: '2026-09-20',
      periodicity: 'MONTHLY',
      amount: 250_000,
    });
    const september = await typeLine(client.token, 'PIX ALUGUEL JOAO', -250_000, '2026-09-18');
    // Paid 8 days early: November's rent is paid, so the next to pay is December's.
    const november = await typeLine(client.token, 'PIX ALUGUEL JOAO', -250_000, '2026-11-12');
    // None of these pays October: another merchant, money in, an ignored line, another client's line.
    await typeLine(client.token, 'MERCADO BOM', -250_000, '2026-10-20');
    await typeLine(client.token, 'PIX ALUGUEL JOAO', 250_000, '2026-10-20');
    const ignored = await typeLine(client.token, 'PIX ALUGUEL JOAO', -250_000, '2026-10-19');
    await context.database.db.update(transactions).set({ ignored: true }).where(eq(transactions.id, ignored));
    await typeLine(loneClient.token, 'PIX ALUGUEL JOAO', -250_000, '2026-10-20');

    // A reminder the recommender found on a merchant is paid by that merchant's lines, whatever its title.
    const [films] = await context.database.db
      .insert(billReminders)
      .values({
        organizationId: target.id,
        clientUserId: client.row.id,
        title: 'Filmes',
        reminderDate: '2026-10-12',
        periodicity: 'MONTHLY',
        type: 'RECOMMENDER',
        merchantKey: 'NETFLIX',
        amountCents: 5_590,
      })
      .returning({ id: billReminders.id });
    const netflix = await typeLine(client.token, 'NETFLIX.COM', -5_590, '2026-10-12');

    const listed = await listReminders(client.token);
    const rent = listed.find((reminder: { id: number }) => reminder.id === rentReminder.id);
    expect(rent.occurrences.slice(0, 4)).toEqual([
      { date: '2026-09-20', paid: true, line_id: september },
      { date: '2026-10-20', paid: false, line_id: null },
      { date: '2026-11-20', paid: true, line_id: november },
      { date: '2026-12-20', paid: false, line_id: null },
    ]);
    expect(rent.next_occurrence).toBe('2026-12-20');
    const movies = listed.find((reminder: { id: number }) => reminder.id === films?.id);
    expect(movies.occurrences.slice(0, 2)).toEqual([
      { date: '2026-10-12', paid: true, line_id: netflix },
      { date: '2026-11-12', paid: false, line_id: null },
    ]);
    // Past and unpaid is not next: the next is the first unpaid from today (14 November in Brazil) on.
    expect(movies.next_occurrence).toBe('2026-12-12');

    // The planner reads the same; the other client's line paid nothing of theirs.
    const forPlanner = await listReminders(target.planner.token, `?clientId=${client.row.id}`);
    expect(forPlanner).toEqual(listed);
  });
});
