import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { origins, transactions } from '../src/db/schema';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
  type TestUser,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

// Frozen on 15 November 2026: the days below are in the past or near future of a real month.
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

/** An account or card of the client, as a statement (and its completed pendency) would leave it. */
async function addOrigin(
  client: TestUser,
  organizationId: number,
  fields: { kind: 'bank_account' | 'credit_card'; nickname: string; closingDay?: number; dueDay?: number },
): Promise<number> {
  const [origin] = await context.database.db
    .insert(origins)
    .values({
      organizationId,
      clientUserId: client.row.id,
      kind: fields.kind,
      bankCode: '341',
      branch: '1234',
      accountNumber: `${Math.floor(Math.random() * 1e8)}`,
      nickname: fields.nickname,
      closingDay: fields.closingDay ?? null,
      dueDay: fields.dueDay ?? null,
    })
    .returning({ id: origins.id });
  if (!origin) throw new Error('no origin');
  return origin.id;
}

/** A line a statement brought, on a day of its own (cash date = day: an account, not a card). */
async function addImportedLine(client: TestUser, organizationId: number, originId: number): Promise<number> {
  const [line] = await context.database.db
    .insert(transactions)
    .values({
      organizationId,
      clientUserId: client.row.id,
      originId,
      date: '2026-10-10',
      cashDate: '2026-10-10',
      amountCents: -4_590,
      name: 'PAG*PADARIA',
      merchantKey: 'padaria',
      createdFrom: 'import',
      identityKey: BigInt(Math.floor(Math.random() * 1e12)),
    })
    .returning({ id: transactions.id });
  if (!line) throw new Error('no line');
  return line.id;
}

async function addTypedLine(token: string, payload: object = { name: 'Feira', amount: -5_000, date: '2026-11-04' }) {
  const response = await call(context, 'POST', '/api/transactions/create/', { token, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; origins: number; cash_date: string };
}

async function readStored(id: number) {
  const [row] = await context.database.db.select().from(transactions).where(eq(transactions.id, id));
  return row;
}

describe('editing a line (transactions/edit/{id}/)', () => {
  it('changes every field of a typed line and moves it to a card, its cash date following the bill', async () => {
    const { client } = organization;
    const card = await addOrigin(client, organization.id, {
      kind: 'credit_card',
      nickname: 'Cartão',
      closingDay: 3,
      dueDay: 10,
    });
    const account = await addOrigin(client, organization.id, { kind: 'bank_account', nickname: 'Conta' });
    const typed = await addTypedLine(client.token);

    // After the 3rd, the purchase goes to the bill closing on 3 December, due on the 10th.
    const edited = await call(context, 'PUT', `/api/transactions/edit/${typed.id}/`, {
      token: client.token,
      payload: { name: ' Farmácia ', amount: 12_345, date: '04/11/2026', origin: card },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: typed.id,
      name: 'Farmácia',
      amount: 12_345,
      flow_type: 'income',
      date: '2026-11-04',
      cash_date: '2026-12-10',
      origins: card,
      origin_kind: 'credit_card',
      origin_name: 'Cartão',
      created_from: 'manual',
    });
    expect(await readStored(typed.id)).toMatchObject({
      name: 'Farmácia',
      merchantKey: 'FARMACIA',
      amountCents: 12_345,
      date: '2026-11-04',
      cashDate: '2026-12-10',
      originId: card,
    });

    // Redated inside the card: the bill closing on 3 November, due on the 10th.
    const redated = await call(context, 'PUT', `/api/transactions/edit/${typed.id}/`, {
      token: client.token,
      payload: { date: '2026-11-02' },
    });
    expect(redated.json()).toMatchObject({ date: '2026-11-02', cash_date: '2026-11-10', origins: card });

    const listAccount = () =>
      call(context, 'GET', `/api/cash-flow/?start=2026-11-01&end=2026-11-30&origins=${account}`, {
        token: client.token,
      });
    expect((await listAccount()).json().count).toBe(0);
    // Into a bank account: the money moves on the day itself.
    const moved = await call(context, 'PUT', `/api/transactions/edit/${typed.id}/`, {
      token: client.token,
      payload: { origin: account },
    });
    expect(moved.statusCode).toBe(200);
    expect(await readStored(typed.id)).toMatchObject({ originId: account, date: '2026-11-02', cashDate: '2026-11-02' });
    // The lists kept between calls see it there at once (the edit bumps the cash-flow version).
    expect((await listAccount()).json()).toMatchObject({
      count: 1,
      results: [{ id: typed.id, name: 'Farmácia', origins: account }],
    });

    // Typed straight into the card, a line gets the same cash date.
    const intoCard = await addTypedLine(client.token, {
      name: 'Livro',
      amount: -8_000,
      date: '2026-11-20',
      origin: card,
    });
    expect(intoCard).toMatchObject({ origins: card, cash_date: '2026-12-10' });
  });

  it("changes an imported line's name only: its amount, day and account are the statement's", async () => {
    const { client } = organization;
    const account = await addOrigin(client, organization.id, { kind: 'bank_account', nickname: 'Itaú' });
    const other = await addOrigin(client, organization.id, { kind: 'bank_account', nickname: 'Nubank' });
    const imported = await addImportedLine(client, organization.id, account);
    const before = await readStored(imported);
    const refusals: [object, Record<string, string[]>][] = [
      [
        { amount: -1_000 },
        { amount: ['O valor de uma transação importada não pode ser alterado: ele vem do extrato.'] },
      ],
      [
        { name: 'Padaria', date: '2026-10-11' },
        { date: ['A data de uma transação importada não pode ser alterada: ela vem do extrato.'] },
      ],
      [
        { origin: other },
        { origin: ['A conta de uma transação importada não pode ser alterada: ela vem do extrato.'] },
      ],
    ];
    for (const [payload, errors] of refusals) {
      const response = await call(context, 'PUT', `/api/transactions/edit/${imported}/`, {
        token: client.token,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await readStored(imported)).toEqual(before);

    // A form that sends the amount and day as they are is only renaming.
    const renamed = await call(context, 'PUT', `/api/transactions/edit/${imported}/`, {
      token: client.token,
      payload: { name: 'Padaria do bairro', amount: -4_590, date: '2026-10-10' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Padaria do bairro', amount: -4_590, created_from: 'import' });
    expect(await readStored(imported)).toMatchObject({
      name: 'Padaria do bairro',
      amountCents: -4_590,
      date: '2026-10-10',
      originId: account,
    });
  });

  it('refuses bad input with the field’s message and changes nothing', async () => {
    const { client } = organization;
    const typed = await addTypedLine(client.token);
    const strangersAccount = await addOrigin(otherOrganization.client, otherOrganization.id, {
      kind: 'bank_account',
      nickname: 'Alheia',
    });
    const before = await readStored(typed.id);
    const cases: [object, Record<string, string[]>][] = [
      [{}, { non_field_errors: ['Informe ao menos um campo para alterar.'] }],
      [{ name: '   ' }, { name: ['Este campo é obrigatório'] }],
      [{ amount: 0 }, { amount: ['Valor inválido'] }],
      [{ amount: 10.5 }, { amount: ['Valor inválido: envie centavos inteiros'] }],
      [{ amount: '100' }, { amount: ['Valor inválido'] }],
      [{ amount: -100_000_000_001 }, { amount: ['Valor acima do limite.'] }],
      [{ date: '2101-01-01' }, { date: ['Data inválida'] }],
      [{ date: '31/02/2026' }, { date: ['Data inválida'] }],
      [{ origin: 'abc' }, { origin: ['Valor inválido'] }],
      [{ origin: 0 }, { origin: ['Valor inválido'] }],
      [{ origin: strangersAccount }, { origin: ['Conta não encontrada.'] }],
    ];
    for (const [payload, errors] of cases) {
      const response = await call(context, 'PUT', `/api/transactions/edit/${typed.id}/`, {
        token: client.token,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await readStored(typed.id)).toEqual(before);
  });

  it("finds no line of another client, planner's client or organization, and lets a manager change none", async () => {
    const target = await createTestOrganization(context);
    const { client, planner, manager } = target;
    const typed = await addTypedLine(client.token);
    const othersClient = await addOtherPlannersClient(context, target);
    const othersLine = await addTypedLine(othersClient.token);
    const edit = (token: string, id: number, query = '') =>
      call(context, 'PUT', `/api/transactions/edit/${id}/${query}`, { token, payload: { name: 'Tomada' } });

    // Another client, of the organization or of another one: their own scope has no such line.
    for (const stranger of [target.loneClient, otherOrganization.client]) {
      const response = await edit(stranger.token, typed.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Não encontramos o cashflow baseado no ID passado' });
    }
    // A planner naming a client out of reach, or a line of another client under their own.
    for (const [token, id, query] of [
      [planner.token, othersLine.id, `?clientId=${othersClient.row.id}`],
      [otherOrganization.planner.token, typed.id, `?clientId=${client.row.id}`],
      [otherOrganization.manager.token, typed.id, `?clientId=${client.row.id}`],
    ] as const) {
      const response = await edit(token, id, query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toEqual({ detail: 'Não encontramos o usuário informado!' });
    }
    const crossed = await edit(planner.token, othersLine.id, `?clientId=${client.row.id}`);
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toEqual({ detail: 'Não encontramos o cashflow baseado no ID passado' });

    const asManager = await edit(manager.token, typed.id, `?clientId=${client.row.id}`);
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json()).toEqual({ detail: 'Sem permissão' });
    expect((await readStored(typed.id))?.name).toBe('Feira');
    expect((await readStored(othersLine.id))?.name).toBe('Feira');

    // Their own planner changes it.
    const asPlanner = await edit(planner.token, typed.id, `?clientId=${client.row.id}`);
    expect(asPlanner.statusCode).toBe(200);
    expect((await readStored(typed.id))?.name).toBe('Tomada');
  });
});
