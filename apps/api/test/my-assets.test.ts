import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cardBills, origins, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { buildOfx, type OfxLine } from './helpers/ofx';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const nubankCardBill = readFileSync(path.join(fixtures, 'adelarcubs__ofxparser/fatura_cc_1.ofx'));

let context: TestContext;
let otherOrganization: TestOrganization;

/** Frozen on 15 November 2026, 12:00 UTC (09:00 in Brasília). */
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T12:00:00Z'));
  context = await createTestContext();
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

async function upload(token: string, name: string, content: Buffer, query = ''): Promise<number> {
  const body = buildMultipart([{ name: 'files', fileName: name, content, type: 'application/octet-stream' }]);
  const response = await call(context, 'POST', `/api/upload/${query}`, { token, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().files[0].id;
}

async function get(token: string, url: string) {
  const response = await call(context, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function listAccounts(token: string, query = '') {
  return get(token, `/api/my-assets/account/${query}`);
}

async function findCard(token: string) {
  const accounts = await listAccounts(token);
  const card = accounts.find((account: { kind: string }) => account.kind === 'credit_card');
  expect(card).toBeDefined();
  return card;
}

/** A card closing on the 3rd and due on the 10th, with an instalment purchase, a refund and a subscription. */
const cardLines: OfxLine[] = [
  // Bill due 10/10 (closed on 03/10): R$ 389,90, the purchase of the closing day included.
  { date: '2026-09-20', amount: '-150.00', memo: 'MAGAZINE LUIZA PARCELA 1/4' },
  { date: '2026-09-25', amount: '-39.90', memo: 'NETFLIX.COM' },
  { date: '2026-10-03', amount: '-200.00', memo: 'SUPERMERCADO BOM PRECO' },
  // Bill due 10/11 (closed on 03/11): R$ 169,90, the refund taken off.
  { date: '2026-10-20', amount: '-150.00', memo: 'MAGAZINE LUIZA PARCELA 2/4' },
  { date: '2026-10-25', amount: '-39.90', memo: 'NETFLIX.COM' },
  { date: '2026-10-28', amount: '20.00', memo: 'ESTORNO LOJA' },
  // Bill due 10/12, open today (closes on 03/12).
  { date: '2026-11-04', amount: '-80.00', memo: 'FARMACIA' },
];

async function createCardWithBills(target: TestOrganization) {
  const token = target.client.token;
  const fileId = await upload(token, 'cartao.ofx', buildOfx('card', '5555-1111', cardLines));
  const pendencies = await get(token, '/api/pendency/');
  const pending = pendencies.find((entry: { fileId: number }) => entry.fileId === fileId);
  const completed = await call(context, 'PATCH', `/api/pendency/complete-file/${fileId}/`, {
    token,
    payload: { closeDay: 3, dueDate: 10, originId: pending.originId },
  });
  expect(completed.statusCode, completed.body).toBe(200);
  return findCard(token);
}

describe('accounts and their balances (my-assets/account/, account-details/)', () => {
  it('lists a checking account with today’s balance derived from its statement balance, and renames it', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    // Statement balance R$ 1.000,00 on 31/10; a line after it (−R$ 100,00 on 05/11) and lines before it.
    await upload(
      token,
      'conta.ofx',
      buildOfx(
        'bank',
        '99999-9',
        [
          { date: '2026-09-10', amount: '500.00', memo: 'SALARIO' },
          { date: '2026-10-10', amount: '-200.00', memo: 'ALUGUEL' },
          { date: '2026-11-05', amount: '-100.00', memo: 'MERCADO' },
          // Scheduled: has not moved the balance yet.
          { date: '2026-11-30', amount: '-999.00', memo: 'AGENDADO' },
        ],
        { amount: '1000.00', date: '2026-10-31' },
      ),
    );
    const [account] = await listAccounts(token);
    expect(account).toMatchObject({
      kind: 'bank_account',
      name: 'Itaú Unibanco · 1234 99999-9',
      nickname: null,
      bank: 'Itaú Unibanco',
      number: '1234 99999-9',
      typed: false,
      balance: 90_000,
      balance_date: '2026-11-15',
      balance_known: false,
    });

    const [details] = await get(token, '/api/my-assets/account-details/');
    expect(details.known_balance).toEqual({ balance: 100_000, date: '2026-10-31' });
    expect(details.history).toEqual([
      { date: '2026-09-30', balance: 120_000, known: false },
      { date: '2026-10-31', balance: 100_000, known: true },
      { date: '2026-11-15', balance: 90_000, known: false },
    ]);

    const renamed = await call(context, 'PUT', `/api/my-assets/account/${account.id}/`, {
      token,
      payload: { nickname: '  Conta do dia a dia  ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id: account.id,
      nickname: 'Conta do dia a dia',
      name: 'Conta do dia a dia',
    });
    const cleared = await call(context, 'PUT', `/api/my-assets/account/${account.id}/`, {
      token,
      payload: { nickname: '' },
    });
    expect(cleared.json()).toMatchObject({ nickname: null, name: 'Itaú Unibanco · 1234 99999-9' });
  });

  it('starts a typed account at zero and says its balance is derived', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const created = await call(context, 'POST', '/api/manual-account/', { token, payload: { nickname: 'Carteira' } });
    expect(created.statusCode).toBe(201);
    const [account] = await listAccounts(token);
    expect(account).toMatchObject({ name: 'Carteira', typed: true, number: null, balance: null });
  });

  it('refuses a nickname too long, and another client’s, planner’s or organization’s account', async () => {
    const target = await createTestOrganization(context);
    await upload(
      target.client.token,
      'conta.ofx',
      buildOfx('bank', '11111-1', [{ date: '2026-11-01', amount: '-1.00', memo: 'X' }]),
    );
    const [account] = await listAccounts(target.client.token);
    const tooLong = await call(context, 'PUT', `/api/my-assets/account/${account.id}/`, {
      token: target.client.token,
      payload: { nickname: 'x'.repeat(81) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ nickname: ['Limite de 80 excedido'] });

    const elsewhere = await call(context, 'PUT', `/api/my-assets/account/${account.id}/`, {
      token: otherOrganization.client.token,
      payload: { nickname: 'Minha' },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ detail: 'Conta não encontrada.' });

    // The planner reads and renames for their client; another planner's client is not found; a manager reads only.
    const planner = await call(
      context,
      'PUT',
      `/api/my-assets/account/${account.id}/?clientId=${target.client.row.id}`,
      {
        token: target.planner.token,
        payload: { nickname: 'Pelo planejador' },
      },
    );
    expect(planner.statusCode).toBe(200);
    const othersClient = await addOtherPlannersClient(context, target);
    const notTheirs = await call(context, 'GET', `/api/my-assets/account/?clientId=${othersClient.row.id}`, {
      token: target.planner.token,
    });
    expect(notTheirs.statusCode).toBe(404);
    const managerReads = await call(context, 'GET', `/api/my-assets/account/?clientId=${target.client.row.id}`, {
      token: target.manager.token,
    });
    expect(managerReads.statusCode).toBe(200);
    expect(managerReads.json()[0].nickname).toBe('Pelo planejador');
    const managerWrites = await call(
      context,
      'PUT',
      `/api/my-assets/account/${account.id}/?clientId=${target.client.row.id}`,
      {
        token: target.manager.token,
        payload: { nickname: 'Gestor' },
      },
    );
    expect(managerWrites.statusCode).toBe(403);
    const foreignOrganization = await call(
      context,
      'GET',
      `/api/my-assets/account-details/?clientId=${target.client.row.id}`,
      { token: otherOrganization.planner.token },
    );
    expect(foreignOrganization.statusCode).toBe(404);
  });
});

describe('credit-card bills (credit-card-details/, card-statment-details/)', () => {
  it('puts each purchase on its bill by the closing day and projects the instalments to come', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const card = await createCardWithBills(target);
    const details = await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    expect(details.needs_days).toBe(false);
    const summary = details.bills.map((bill: Record<string, unknown>) => [
      bill.due_date,
      bill.closing_date,
      bill.state,
      bill.amount,
      bill.lines,
      bill.projected_instalments,
    ]);
    expect(summary).toEqual([
      // The last instalment (4/4) falls on the bill after the open one.
      ['2027-01-10', '2027-01-03', 'future', 0, 0, 15_000],
      // Open: the pharmacy, and instalment 3/4 expected.
      ['2026-12-10', '2026-12-03', 'open', 8_000, 1, 15_000],
      ['2026-11-10', '2026-11-03', 'closed', 16_990, 3, 0],
      ['2026-10-10', '2026-10-03', 'closed', 38_990, 3, 0],
    ]);
    // The card owes its open and closed bills not yet paid.
    expect(details.card).toMatchObject({ kind: 'credit_card', closing_day: 3, due_day: 10, balance: -63_980 });

    const november = details.bills.find((bill: { due_date: string }) => bill.due_date === '2026-11-10');
    const bill = await get(token, `/api/my-assets/card-statment-details/${november.id}/`);
    expect(bill.lines_list.map((line: { name: string; amount: number }) => [line.name, line.amount])).toEqual([
      ['MAGAZINE LUIZA PARCELA 2/4', -15_000],
      ['NETFLIX.COM', -3_990],
      ['ESTORNO LOJA', 2_000],
    ]);
    const december = details.bills.find((bill: { due_date: string }) => bill.due_date === '2026-12-10');
    const open = await get(token, `/api/my-assets/card-statment-details/${december.id}/`);
    expect(open.lines_list.at(-1)).toEqual({
      id: null,
      date: null,
      name: 'MAGAZINE LUIZA 3/4',
      amount: -15_000,
      ignored: false,
      projected: true,
      instalment: { number: 3, count: 4 },
    });

    // The purchases weigh on the cash flow on their bill's due date.
    const stored = await context.database.db
      .select({ name: transactions.name, cashDate: transactions.cashDate })
      .from(transactions)
      .where(eq(transactions.originId, card.id));
    expect(stored.find((line) => line.name === 'SUPERMERCADO BOM PRECO')?.cashDate).toBe('2026-10-10');
    expect(stored.find((line) => line.name === 'ESTORNO LOJA')?.cashDate).toBe('2026-11-10');
    expect(stored.find((line) => line.name === 'FARMACIA')?.cashDate).toBe('2026-12-10');
  });

  it('shows the instalments to come in Fluxo futuro, on their bills’ months, beside the plan', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    await createCardWithBills(target);
    const flow = await get(token, '/api/future-flow/?startDate=2026-11&endDate=2027-02');
    const instalmentsOf = (month: string) =>
      flow.results.find((result: { month: string }) => result.month === month).expected.instalments;
    expect(instalmentsOf('2026-11-01')).toEqual({ total: 0, items: [] });
    expect(instalmentsOf('2026-12-01')).toEqual({
      total: 15_000,
      items: [{ name: 'MAGAZINE LUIZA 3/4', date: '2026-12-10', amount: 15_000 }],
    });
    expect(instalmentsOf('2027-01-01').items.map((item: { name: string }) => item.name)).toEqual([
      'MAGAZINE LUIZA 4/4',
    ]);
    expect(instalmentsOf('2027-02-01').total).toBe(0);
    // Shown, not planned: the plan's figures stay the plan's.
    const december = flow.results.find((result: { month: string }) => result.month === '2026-12-01');
    expect(december.planned.expense).toBe(0);
    expect(december.expected.total).toBe(15_000);

    // A change of the card's lines or of the card shows at once, whichever call or job makes it.
    const readInstalments = async (month: string) =>
      (await get(token, '/api/future-flow/?startDate=2026-11&endDate=2027-02')).results.find(
        (result: { month: string }) => result.month === month,
      ).expected.instalments;
    await context.database.db
      .update(transactions)
      .set({ name: 'MAGAZINE LUIZA 2/5' })
      .where(
        and(eq(transactions.clientUserId, target.client.row.id), eq(transactions.name, 'MAGAZINE LUIZA PARCELA 2/4')),
      );
    expect((await readInstalments('2027-02-01')).items).toEqual([
      { name: 'MAGAZINE LUIZA 5/5', date: '2027-02-10', amount: 15_000 },
    ]);
    await context.database.db
      .update(origins)
      .set({ dueDay: 15 })
      .where(and(eq(origins.clientUserId, target.client.row.id), eq(origins.kind, 'credit_card')));
    expect((await readInstalments('2027-02-01')).items[0]?.date).toBe('2027-02-15');
  });

  it('matches a payment from the checking account to its bill: paid, and the line becomes an own transfer', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const card = await createCardWithBills(target);
    await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    await upload(
      token,
      'conta.ofx',
      buildOfx('bank', '22222-2', [
        { date: '2026-10-09', amount: '-389.90', memo: 'PAGAMENTO CARTAO' },
        // Not this bill's amount: stays an expense.
        { date: '2026-11-10', amount: '-300.00', memo: 'TED JOAO' },
      ]),
    );
    const details = await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    const october = details.bills.find((bill: { due_date: string }) => bill.due_date === '2026-10-10');
    expect(october).toMatchObject({ state: 'paid', paid_on: '2026-10-09' });
    const [payment] = await context.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, october.payment_transaction_id));
    expect(payment).toMatchObject({ amountCents: -38_990, isAssetTransfer: true });
    const [ted] = await context.database.db.select().from(transactions).where(eq(transactions.name, 'TED JOAO'));
    expect(ted?.isAssetTransfer).toBe(false);
    expect(details.bills.find((bill: { due_date: string }) => bill.due_date === '2026-11-10').state).toBe('closed');
    // What the card owes no longer counts the paid bill.
    expect(details.card.balance).toBe(-(16_990 + 8_000));
  });

  it('reads the real Nubank card bill once its days are known', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const fileId = await upload(token, 'nubank.ofx', nubankCardBill);
    const card = await findCard(token);
    const before = await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    expect(before).toMatchObject({ needs_days: true, bills: [] });
    expect(before.card.balance).toBeNull();
    await call(context, 'PATCH', `/api/pendency/complete-file/${fileId}/`, {
      token,
      payload: { closeDay: 20, dueDate: 27 },
    });
    const details = await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    const february = details.bills.find((bill: { due_date: string }) => bill.due_date === '2015-02-27');
    expect(february).toMatchObject({ closing_date: '2015-02-20', state: 'closed', amount: 39_212, lines: 6 });
  });
});

describe('changing a card and a bill (credit-card/edit/, bill/edit/)', () => {
  it('sets the card’s limit and days; new days move only bills not yet closed', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const card = await createCardWithBills(target);
    const edited = await call(context, 'PUT', `/api/credit-card/edit/${card.id}/`, {
      token,
      payload: { limit: 500_000, closing_day: 8, due_day: 15 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const details = edited.json();
    expect(details.card).toMatchObject({ limit: 500_000, closing_day: 8, due_day: 15 });
    // The bills closed on 03/10 and 03/11 keep their dates; the purchase of 04/11 now closed on 08/11.
    expect(details.bills.map((bill: Record<string, unknown>) => [bill.due_date, bill.state, bill.amount])).toEqual([
      ['2027-01-15', 'future', 0],
      ['2026-12-15', 'open', 0],
      ['2026-11-15', 'closed', 8_000],
      ['2026-11-10', 'closed', 16_990],
      ['2026-10-10', 'closed', 38_990],
    ]);
  });

  it('refuses a day outside 1–31, an empty change and another organization’s card', async () => {
    const target = await createTestOrganization(context);
    const card = await createCardWithBills(target);
    for (const payload of [{ closing_day: 0 }, { due_day: 32 }, { closing_day: 'cinco' }, { limit: -1 }, {}]) {
      const response = await call(context, 'PUT', `/api/credit-card/edit/${card.id}/`, {
        token: target.client.token,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const day = await call(context, 'PUT', `/api/credit-card/edit/${card.id}/`, {
      token: target.client.token,
      payload: { due_day: 32 },
    });
    expect(day.json()).toEqual({ due_day: ['Informe um dia entre 1 e 31.'] });
    const foreign = await call(context, 'PUT', `/api/credit-card/edit/${card.id}/`, {
      token: otherOrganization.client.token,
      payload: { limit: 1 },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Cartão não encontrado.' });
  });

  it('corrects a bill’s amount and dates, carrying its lines along', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const card = await createCardWithBills(target);
    const details = await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    const november = details.bills.find((bill: { due_date: string }) => bill.due_date === '2026-11-10');

    const corrected = await call(context, 'PUT', `/api/bill/edit/${november.id}/`, {
      token,
      payload: { amount: 17_000 },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ amount: 17_000, lines_amount: 16_990, corrected: true });

    // Closing on 27/10 and due on 12/11 instead.
    const moved = await call(context, 'PUT', `/api/bill/edit/${november.id}/`, {
      token,
      payload: { closing_date: '2026-10-27', due_date: '2026-11-12' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ due_date: '2026-11-12', closing_date: '2026-10-27' });
    // The refund of 28/10 now belongs to the next bill; the bill keeps its other lines.
    expect(moved.json().lines_list.map((line: { name: string }) => line.name)).toEqual([
      'MAGAZINE LUIZA PARCELA 2/4',
      'NETFLIX.COM',
    ]);
    const [refund] = await context.database.db
      .select({ cashDate: transactions.cashDate })
      .from(transactions)
      .where(and(eq(transactions.name, 'ESTORNO LOJA'), eq(transactions.originId, card.id)));
    expect(refund?.cashDate).toBe('2026-12-10');

    const cleared = await call(context, 'PUT', `/api/bill/edit/${november.id}/`, { token, payload: { amount: null } });
    expect(cleared.json()).toMatchObject({ amount: 18_990, corrected: false });
  });

  it('refuses a closing on or after the due date, a taken due date, a bad date, and bills out of reach', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    const card = await createCardWithBills(target);
    const details = await get(token, `/api/my-assets/credit-card-details/${card.id}/`);
    const november = details.bills.find((bill: { due_date: string }) => bill.due_date === '2026-11-10');
    const cases: [object, object][] = [
      [{ closing_date: '2026-11-10' }, { closing_date: ['O fechamento deve ser antes do vencimento.'] }],
      [{ due_date: '2026-12-10' }, { due_date: ['Este cartão já tem uma fatura com este vencimento.'] }],
      [{ due_date: '2026-02-30' }, { due_date: ['Data inválida'] }],
      [
        { closing_date: '2026-09-01' },
        { closing_date: ['O fechamento deve ficar entre o fechamento da fatura anterior e o vencimento desta.'] },
      ],
      [{ amount: 1.5 }, { amount: ['Valor inválido: envie centavos inteiros'] }],
    ];
    for (const [payload, answer] of cases) {
      const response = await call(context, 'PUT', `/api/bill/edit/${november.id}/`, { token, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(answer);
    }
    const [stored] = await context.database.db.select().from(cardBills).where(eq(cardBills.id, november.id));
    expect(stored).toMatchObject({ dueDate: '2026-11-10', closingDate: '2026-11-03', correctedAmountCents: null });

    for (const url of [
      `/api/my-assets/card-statment-details/${november.id}/`,
      `/api/my-assets/credit-card-details/${card.id}/`,
    ]) {
      const foreign = await call(context, 'GET', url, { token: otherOrganization.client.token });
      expect(foreign.statusCode).toBe(404);
    }
    const manager = await call(context, 'PUT', `/api/bill/edit/${november.id}/?clientId=${target.client.row.id}`, {
      token: target.manager.token,
      payload: { amount: 1 },
    });
    expect(manager.statusCode).toBe(403);
    const planner = await call(context, 'PUT', `/api/bill/edit/${november.id}/?clientId=${target.client.row.id}`, {
      token: target.planner.token,
      payload: { amount: 1 },
    });
    expect(planner.statusCode).toBe(200);
  });
});

describe('net worth (my-assets/net-worth/)', () => {
  it('adds accounts, investments and other balances, less debts and card bills, now and month by month', async () => {
    const target = await createTestOrganization(context);
    const token = target.client.token;
    // Checking: R$ 1.200,00 at the end of September, R$ 1.000,00 (stated) at the end of October, R$ 900,00 today.
    await upload(
      token,
      'conta.ofx',
      buildOfx(
        'bank',
        '33333-3',
        [
          { date: '2026-09-10', amount: '500.00', memo: 'SALARIO' },
          { date: '2026-10-10', amount: '-200.00', memo: 'ALUGUEL' },
          { date: '2026-11-05', amount: '-100.00', memo: 'MERCADO' },
        ],
        { amount: '1000.00', date: '2026-10-31' },
      ),
    );
    // The card owes September's bill (R$ 389,90), October's (R$ 169,90) and the open one (R$ 80,00).
    await createCardWithBills(target);
    const created = [
      await call(context, 'POST', '/api/investments/fixed-income/create/', {
        token,
        payload: { name: 'CDB', balance: 500_000 },
      }),
      await call(context, 'POST', '/api/balance/create/', {
        token,
        payload: { name: 'Carro', balance: 3_000_000, date: '2026-09-15' },
      }),
      await call(context, 'POST', '/api/debts/create/', {
        token,
        payload: { name: 'Empréstimo', balance: 200_000, monthly_payment: 10_000, interest_rate: 1.5 },
      }),
    ];
    expect(created.map((response) => response.statusCode)).toEqual([201, 201, 201]);

    const netWorth = await get(token, '/api/my-assets/net-worth/');
    expect(netWorth.date).toBe('2026-11-15');
    expect(netWorth.current).toEqual({
      accounts: 90_000,
      investments: 500_000,
      other_balances: 3_000_000,
      debts: 200_000,
      card_bills: 63_980,
      net_worth: 90_000 + 500_000 + 3_000_000 - 200_000 - 63_980,
    });
    expect(netWorth.months).toHaveLength(12);
    expect(netWorth.months[0]).toMatchObject({ month: '2025-12', date: '2025-12-31', accounts: 0, card_bills: 0 });
    const byMonth = Object.fromEntries(netWorth.months.map((month: { month: string }) => [month.month, month]));
    expect(byMonth['2026-09']).toEqual({
      month: '2026-09',
      date: '2026-09-30',
      accounts: 120_000,
      investments: 0,
      other_balances: 3_000_000,
      debts: 200_000,
      // The bill closing on 03/10 was open.
      card_bills: 38_990,
      net_worth: 120_000 + 3_000_000 - 200_000 - 38_990,
    });
    expect(byMonth['2026-10']).toMatchObject({ accounts: 100_000, card_bills: 38_990 + 16_990 });
    expect(byMonth['2026-11']).toEqual({ month: '2026-11', date: '2026-11-15', ...netWorth.current });

    // The same account balance the accounts list shows.
    const accounts = await listAccounts(token);
    const checking = accounts.find((account: { kind: string }) => account.kind === 'bank_account');
    expect(checking.balance).toBe(netWorth.current.accounts);

    const foreign = await call(context, 'GET', `/api/my-assets/net-worth/?clientId=${target.client.row.id}`, {
      token: otherOrganization.manager.token,
    });
    expect(foreign.statusCode).toBe(404);
    const planner = await call(context, 'GET', `/api/my-assets/net-worth/?clientId=${target.client.row.id}`, {
      token: target.planner.token,
    });
    expect(planner.json()).toEqual(netWorth);

    // Kept between calls, and never stale: each change to what the client holds or owes shows at once.
    const [, balance, debt] = created.map((response) => response.json());
    await call(context, 'POST', '/api/investments/stocks/create/', {
      token,
      payload: { name: 'Ações', balance: 100_000 },
    });
    expect((await get(token, '/api/my-assets/net-worth/')).current.investments).toBe(600_000);
    await call(context, 'PUT', `/api/balance/edit/${balance.id}/`, { token, payload: { balance: 2_500_000 } });
    expect((await get(token, '/api/my-assets/net-worth/')).current.other_balances).toBe(2_500_000);
    await call(context, 'DELETE', `/api/debts/edit/${debt.id}/`, { token });
    expect((await get(token, '/api/my-assets/net-worth/')).current.debts).toBe(0);
    const [checkingAccount] = await listAccounts(token);
    await call(context, 'PUT', `/api/ignore-origin/${checkingAccount.id}/`, { token, payload: { ignored: true } });
    expect((await get(token, '/api/my-assets/net-worth/')).current.accounts).toBe(0);
  });
});
