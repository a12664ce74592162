import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  investments,
  investmentValues,
  notifications,
  openBankingConnections,
  openBankingPendingLines,
  origins,
  transactions,
} from '../src/db/schema';
import type { AppDependencies } from '../src/dependencies';
import { storeSyncedLines } from '../src/modules/imports/index';
import { syncConnection } from '../src/modules/open-banking/index';
import { retryPendingRevocations } from '../src/modules/open-banking/open-banking.service';
import { buildMultipart } from './helpers/multipart';
import { buildOfx } from './helpers/ofx';
import { submitBankForm } from './helpers/simulated-bank';
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

/** The simulated bank's books follow the day: 20 November 2026, 10:00 in Brasília. */
const today = '2026-11-20';

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

afterAll(() => {
  vi.useRealTimers();
});

interface ConnectionAnswer {
  id: number;
  institution_name: string;
  status: string;
  sync_status: string;
  sync_status_label: string;
  sync_error: string | null;
  last_sync_at: string | null;
  accounts: { account: number; name: string; balance: number | null; pending_lines: number }[];
}

/** The whole consent at the simulated bank; the approve call runs the first sync (its job) before answering here. */
async function connectBank(
  token: string,
  permissions: readonly string[] = ['ACCOUNTS', 'CREDIT_CARDS'],
): Promise<ConnectionAnswer> {
  const started = await call(context, 'POST', '/api/open-banking/v2/users/consents/', {
    token,
    payload: { participant_id: 'banco-simulado', permissions, months: 12 },
  });
  expect(started.statusCode, started.body).toBe(201);
  const request = new URL(started.json().authorization_url).searchParams.get('request') ?? '';
  await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
  await submitBankForm(context, { request, step: 'code', code: '123456' });
  const back = await submitBankForm(context, { request, step: 'review', decision: 'authorise' });
  const approved = await call(context, 'POST', '/api/open-banking/v2/users/approve/', {
    token,
    payload: Object.fromEntries(new URL(back.headers.location as string).searchParams),
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json();
}

async function listConnections(token: string, clientId?: number): Promise<ConnectionAnswer[]> {
  const query = clientId ? `?clientId=${clientId}` : '';
  const response = await call(context, 'GET', `/api/open-banking/v2/links-connect/${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json().results;
}

async function countLines(client: TestUser, where = sql`true`): Promise<number> {
  const [row] = await context.database.db
    .select({ value: count() })
    .from(transactions)
    .where(and(eq(transactions.clientUserId, client.row.id), where));
  return row?.value ?? 0;
}

async function importOfx(token: string, file: Buffer) {
  const { payload, headers } = buildMultipart([{ name: 'files', fileName: 'extrato.ofx', content: file }]);
  return call(context, 'POST', '/api/upload/', { token, payload, headers });
}

/** The simulated bank's checking account as a statement file of it names it. */
const simulatedChecking = { id: '990', branch: '0001' };

describe('the first sync of a connection', () => {
  let client: TestUser;
  let connection: ConnectionAnswer;

  beforeAll(async () => {
    client = organization.client;
    connection = await connectBank(client.token);
  });

  it('brings 24 months of the account and the card, with balances, and keeps pending lines apart', async () => {
    expect(connection.status).toBe('active');
    const [listed] = await listConnections(client.token);
    expect(listed).toMatchObject({ id: connection.id, sync_status: 'idle', sync_status_label: 'Sincronizada' });
    expect(listed?.last_sync_at).not.toBeNull();
    expect(listed?.accounts.map((account) => account.name)).toEqual(['Conta Corrente', 'Cartão Simulado Platinum']);
    const synced = await countLines(client, eq(transactions.createdFrom, 'open_finance'));
    // About 200 lines a month on the account and a few on the card, from November 2024.
    expect(synced).toBeGreaterThan(4_000);
    const [oldest] = await context.database.db
      .select({ date: sql<string>`min(${transactions.date})::text` })
      .from(transactions)
      .where(eq(transactions.clientUserId, client.row.id));
    expect(oldest?.date).toBe('2024-11-01');
    // Yesterday's and today's lines are pending: kept apart, not counted.
    const pending = await context.database.db
      .select({ date: openBankingPendingLines.date })
      .from(openBankingPendingLines)
      .where(eq(openBankingPendingLines.clientUserId, client.row.id));
    expect(pending.length).toBeGreaterThan(0);
    expect(new Set(pending.map((line) => line.date))).toEqual(new Set(['2026-11-19', today]));
    expect(await countLines(client, sql`${transactions.date} >= '2026-11-19'`)).toBe(0);
    expect(listed?.accounts.reduce((sum, account) => sum + account.pending_lines, 0)).toBe(pending.length);
    // The account keeps the bank's balance of today.
    const [checking] = await context.database.db
      .select({ balanceCents: origins.balanceCents, balanceDate: origins.balanceDate, bankCode: origins.bankCode })
      .from(origins)
      .where(and(eq(origins.clientUserId, client.row.id), eq(origins.kind, 'bank_account')));
    expect(checking).toMatchObject({ bankCode: '990', balanceDate: today });
    expect(checking?.balanceCents).toBe(listed?.accounts[0]?.balance);
  });

  it('shows the synced lines in Meu caixa like any other', async () => {
    const page = await call(context, 'GET', '/api/cash-flow/?start=2026-10-01&end=2026-10-31', { token: client.token });
    expect(page.statusCode).toBe(200);
    const lines = page.json().results as { name: string; created_from: string }[];
    expect(page.json().count).toBe(
      await countLines(client, sql`${transactions.cashDate} between '2026-10-01' and '2026-10-31'`),
    );
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines.map((line) => line.created_from))).toEqual(new Set(['open_finance']));
  });

  it('adds nothing when synced again, on demand', async () => {
    const before = await countLines(client);
    const response = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connection.id}/sync/`, {
      token: client.token,
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().sync_status).toBe('waiting');
    expect(await countLines(client)).toBe(before);
    const [listed] = await listConnections(client.token);
    expect(listed?.sync_status).toBe('idle');
  });

  it('finds the same accounts on a reconnection, and nothing doubles', async () => {
    const before = await countLines(client);
    const [accountsBefore] = await context.database.db
      .select({ value: count() })
      .from(origins)
      .where(eq(origins.clientUserId, client.row.id));
    const again = await connectBank(client.token);
    expect(again.id).not.toBe(connection.id);
    const [accountsAfter] = await context.database.db
      .select({ value: count() })
      .from(origins)
      .where(eq(origins.clientUserId, client.row.id));
    expect(accountsAfter?.value).toBe(accountsBefore?.value);
    expect(await countLines(client)).toBe(before);
    const listed = await listConnections(client.token);
    expect(listed.find((row) => row.id === again.id)?.accounts.map((account) => account.account)).toEqual(
      listed.find((row) => row.id === connection.id)?.accounts.map((account) => account.account),
    );
  });

  it('finds the same accounts through the Belvo widget, and nothing doubles', async () => {
    const before = await countLines(client);
    const widget = await call(context, 'GET', '/api/integration/belvo/access_token/?bankCode=990', {
      token: client.token,
    });
    expect(widget.statusCode, widget.body).toBe(200);
    const request = new URL(widget.json().widget_url).searchParams.get('request') ?? '';
    await submitBankForm(context, { request, step: 'login', user: 'user-ok', password: 'password-ok' });
    await submitBankForm(context, { request, step: 'code', code: '123456' });
    const back = new URL(
      (await submitBankForm(context, { request, step: 'review', decision: 'authorise' })).headers.location as string,
    );
    const linked = await call(context, 'POST', '/api/integration/belvo/links/', {
      token: client.token,
      payload: { link: back.searchParams.get('link'), institution: back.searchParams.get('institution') },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    expect(await countLines(client)).toBe(before);
    const listed = await listConnections(client.token);
    const viaWidget = listed.find((row) => row.id === linked.json().id);
    expect(viaWidget?.sync_status).toBe('idle');
    expect(viaWidget?.accounts.map((account) => account.account)).toEqual(
      listed.find((row) => row.id === connection.id)?.accounts.map((account) => account.account),
    );
  });

  it('counts once a payment the statement file brings again under other words, a day apart', async () => {
    const [salary] = await context.database.db
      .select({ date: sql<string>`${transactions.date}::text`, amountCents: transactions.amountCents })
      .from(transactions)
      .where(
        and(
          eq(transactions.clientUserId, client.row.id),
          eq(transactions.name, 'TED RECEBIDA SALARIO EMPRESA SIMULADA LTDA'),
          eq(transactions.date, '2026-10-05'),
        ),
      );
    expect(salary).toBeDefined();
    const before = await countLines(client);
    const file = buildOfx(
      'bank',
      '123456-7',
      [
        // The bank's file says it differently and dates it the day before.
        { date: '2026-10-04', amount: ((salary?.amountCents ?? 0) / 100).toFixed(2), memo: 'Salario Empresa Simulada' },
        // A line the connection never brought.
        { date: '2026-10-07', amount: '-12.34', memo: 'Tarifa avulsa' },
      ],
      undefined,
      simulatedChecking,
    );
    const imported = await importOfx(client.token, file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().files[0].transactions_added).toBe(1);
    expect(await countLines(client)).toBe(before + 1);
    // The file's line is known through the synced one: the same file again adds nothing.
    const [paired] = await context.database.db
      .select({ value: count() })
      .from(transactions)
      .where(and(eq(transactions.clientUserId, client.row.id), isNotNull(transactions.pairedIdentityKey)));
    expect(paired?.value).toBe(1);
    const again = await importOfx(client.token, file);
    expect(again.statusCode).toBe(201);
    expect(again.json().files[0].transactions_added).toBe(0);
    expect(await countLines(client)).toBe(before + 1);
  });
});

describe('a statement file first, then the connection', () => {
  it('pairs each synced line with the file line of the same payment, and adds only the rest', async () => {
    const client = (await createTestOrganization(context)).client;
    const file = buildOfx(
      'bank',
      '123456-7',
      [
        { date: '2026-10-05', amount: '8200.00', memo: 'SALARIO EMPRESA SIMULADA' },
        { date: '2026-10-08', amount: '-1900.00', memo: 'Aluguel outubro' },
      ],
      undefined,
      simulatedChecking,
    );
    const imported = await importOfx(client.token, file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(await countLines(client)).toBe(2);
    await connectBank(client.token);
    const fromFile = await context.database.db
      .select({ name: transactions.name, paired: transactions.pairedIdentityKey })
      .from(transactions)
      .where(and(eq(transactions.clientUserId, client.row.id), eq(transactions.createdFrom, 'import')));
    expect(fromFile).toHaveLength(2);
    expect(fromFile.every((line) => line.paired !== null)).toBe(true);
    // Neither payment was added again by the connection.
    const fileId = imported.json().files[0].id as number;
    const countSyncedPayments = () =>
      countLines(
        client,
        and(
          eq(transactions.createdFrom, 'open_finance'),
          sql`${transactions.date} in ('2026-10-05', '2026-10-08')`,
          sql`abs(${transactions.amountCents}) in (820000, 190000)`,
        ),
      );
    expect(await countSyncedPayments()).toBe(0);
    // Deleting the file keeps the payments the connection brought too, as the connection's lines.
    const deleted = await call(context, 'DELETE', `/api/file/${fileId}/`, { token: client.token });
    expect(deleted.statusCode).toBe(204);
    expect(await countSyncedPayments()).toBe(2);
    const [listed] = await listConnections(client.token);
    const linesBefore = await countLines(client);
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    expect((await syncConnection(deps, listed?.id ?? 0))?.added).toBe(0);
    expect(await countLines(client)).toBe(linesBefore);
  });
});

describe('pairing across sources, line by line', () => {
  /** A bank connection's lines for the client's account 990 / 0001 / 123456-7, as a sync stores them. */
  async function storeSynced(
    client: TestUser,
    readFrom: string,
    lines: { date: string; amountCents: number; description: string }[],
    account: { kind: 'bank_account' | 'credit_card'; branch: string; accountNumber: string } = {
      kind: 'bank_account',
      branch: '0001',
      accountNumber: '123456-7',
    },
  ) {
    const scope = {
      organizationId: client.row.organizationId,
      clientUserId: client.row.id,
      caller: {
        userId: client.row.id,
        organizationId: client.row.organizationId,
        organizationSlug: '',
        role: 'client' as const,
        features: [],
        tokenExpiresAt: new Date(),
      },
    };
    return context.database.db.transaction((transaction) =>
      storeSyncedLines(transaction, scope, {
        ...account,
        bankCode: '990',
        balance: null,
        lines,
        readFrom,
      }),
    );
  }

  const syncedCard = { kind: 'credit_card', branch: '', accountNumber: '5502' } as const;
  const cardOrigins = async (client: TestUser) =>
    context.database.db
      .select({ bankCode: origins.bankCode, accountNumber: origins.accountNumber })
      .from(origins)
      .where(and(eq(origins.clientUserId, client.row.id), eq(origins.kind, 'credit_card')));

  it("meets a card's file (masked number, no bank) and its connection (bank, last four digits) as one card", async () => {
    const client = (await createTestOrganization(context)).client;
    const file = buildOfx('card', '5234********5502', [
      { date: '2026-10-12', amount: '-89.90', memo: 'RESTAURANTE SABOR' },
    ]);
    expect((await importOfx(client.token, file)).statusCode).toBe(201);
    const same = { date: '2026-10-12', amountCents: -8_990, description: 'RESTAURANTE SABOR' };
    const other = { date: '2026-10-14', amountCents: -4_500, description: 'FARMACIA' };
    expect(await storeSynced(client, '2026-10-01', [same, other], syncedCard)).toMatchObject({ added: 1 });
    // One card, which now knows its bank; its payment counted once.
    expect(await cardOrigins(client)).toEqual([{ bankCode: '990', accountNumber: '5234********5502' }]);
    expect(await countLines(client)).toBe(2);
  });

  it('meets the card the other way round, and keeps apart a card of other digits or one named by no number', async () => {
    const client = (await createTestOrganization(context)).client;
    const synced = { date: '2026-10-12', amountCents: -8_990, description: 'RESTAURANTE SABOR' };
    expect(await storeSynced(client, '2026-10-01', [synced], syncedCard)).toMatchObject({ added: 1 });
    const file = buildOfx('card', '5234********5502', [
      { date: '2026-10-12', amount: '-89.90', memo: 'RESTAURANTE SABOR' },
    ]);
    const imported = await importOfx(client.token, file);
    expect(imported.json().files[0]).toMatchObject({ transactions_added: 0, accounts: [{ new_account: false }] });
    expect(await cardOrigins(client)).toHaveLength(1);

    const otherCard = buildOfx('card', '5234********7711', [{ date: '2026-10-13', amount: '-10.00', memo: 'PADARIA' }]);
    const nubank = buildOfx('card', '54e88fea-25a4-4bf6-985b-d72f98a20e85', [
      { date: '2026-10-13', amount: '-20.00', memo: 'MERCADO' },
    ]);
    for (const content of [otherCard, nubank]) {
      expect((await importOfx(client.token, content)).json().files[0].accounts[0].new_account).toBe(true);
    }
    expect(await cardOrigins(client)).toHaveLength(3);
  });

  it('keeps a second payment of the same amount when the bank and the file wrote the first one alike', async () => {
    const client = (await createTestOrganization(context)).client;
    const file = buildOfx(
      'bank',
      '123456-7',
      [{ date: '2026-10-22', amount: '-150.00', memo: 'PIX ENVIADO Maria Souza' }],
      undefined,
      simulatedChecking,
    );
    expect((await importOfx(client.token, file)).statusCode).toBe(201);
    // The bank writes it as the file does: the same line, counted once.
    const same = { date: '2026-10-22', amountCents: -15_000, description: 'PIX ENVIADO Maria Souza' };
    expect(await storeSynced(client, '2026-10-01', [same])).toMatchObject({ added: 0 });
    // Two days later another PIX of the same amount: a payment of its own.
    const other = { date: '2026-10-24', amountCents: -15_000, description: 'PIX ENVIADO Joao Lima' };
    expect(await storeSynced(client, '2026-10-15', [same, other])).toMatchObject({ added: 1, paired: 0 });
    expect(await countLines(client)).toBe(2);
  });

  it('pairs only on days both sources cover', async () => {
    const client = (await createTestOrganization(context)).client;
    const file = buildOfx(
      'bank',
      '123456-7',
      [{ date: '2026-10-30', amount: '-99.00', memo: 'Loja Centro' }],
      undefined,
      simulatedChecking,
    );
    expect((await importOfx(client.token, file)).statusCode).toBe(201);
    // The connection reads from 1 November: the file's 30 October line has no twin in it.
    const stored = await storeSynced(client, '2026-11-01', [
      { date: '2026-11-01', amountCents: -9_900, description: 'COMPRA LOJA CENTRO' },
    ]);
    expect(stored).toMatchObject({ added: 1, paired: 0 });
    // Read from 28 October, the same payment a day off pairs.
    const client2 = (await createTestOrganization(context)).client;
    expect((await importOfx(client2.token, file)).statusCode).toBe(201);
    expect(
      await storeSynced(client2, '2026-10-28', [
        { date: '2026-10-31', amountCents: -9_900, description: 'COMPRA LOJA CENTRO' },
      ]),
    ).toMatchObject({ added: 0, paired: 1 });
  });
});

describe('learned categories', () => {
  it('give a synced line the category the client gave the same merchant before', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    // The lines the bank books after the first sync, and one of their merchants already seen in it.
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    const readLines = () =>
      context.database.db
        .select({
          id: transactions.id,
          date: transactions.date,
          merchantKey: transactions.merchantKey,
          amountCents: transactions.amountCents,
          categoryId: transactions.categoryId,
          categorizedBy: transactions.categorizedBy,
        })
        .from(transactions)
        .where(eq(transactions.clientUserId, client.row.id));
    try {
      const before = await readLines();
      const seen = new Map(before.map((line) => [`${Math.sign(line.amountCents)}|${line.merchantKey}`, line]));
      vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
      const categories = (await call(context, 'GET', '/api/category/', { token: client.token })).json();
      const leisure = categories.find((category: { name: string }) => category.name === 'Lazer');
      // The client categorizes one line of each merchant seen so far: what Prumo learns from.
      for (const line of seen.values()) {
        const answer = await call(context, 'PUT', `/api/cash-flow/${line.id}/`, {
          token: client.token,
          payload: { category: leisure.id },
        });
        expect(answer.statusCode).toBe(200);
      }
      vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
      const outcome = await syncConnection(deps, connection.id);
      expect(outcome?.added).toBeGreaterThan(0);
      const known = new Set(before.map((line) => line.id));
      const arrived = (await readLines()).filter((line) => !known.has(line.id));
      const repeated = arrived.filter((line) => seen.has(`${Math.sign(line.amountCents)}|${line.merchantKey}`));
      expect(repeated.length).toBeGreaterThan(0);
      for (const line of repeated) {
        expect(line).toMatchObject({ categoryId: leisure.id, categorizedBy: 'client_history' });
      }
    } finally {
      vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
    }
  });
});

describe('pending lines', () => {
  it('become booked once: a sync two days later counts them, each once, and keeps the new pending apart', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    const pendingBefore = await context.database.db
      .select({ date: openBankingPendingLines.date, amountCents: openBankingPendingLines.amountCents })
      .from(openBankingPendingLines)
      .where(eq(openBankingPendingLines.clientUserId, client.row.id));
    const linesBefore = await countLines(client);
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    try {
      const deps = { db: context.database.db, config: context.config } as AppDependencies;
      const outcome = await syncConnection(deps, connection.id);
      // The 19th and 20th are booked now; the 21st and 22nd are the new pending days.
      const bookedNow = await countLines(client, sql`${transactions.date} in ('2026-11-19', '2026-11-20')`);
      expect(bookedNow).toBe(pendingBefore.length);
      expect(outcome?.added).toBe(await countLines(client, sql`${transactions.date} >= '2026-11-19'`));
      expect(await countLines(client)).toBe(linesBefore + (outcome?.added ?? 0));
      const pendingAfter = await context.database.db
        .select({ date: openBankingPendingLines.date })
        .from(openBankingPendingLines)
        .where(eq(openBankingPendingLines.clientUserId, client.row.id));
      expect(new Set(pendingAfter.map((line) => line.date))).toEqual(new Set(['2026-11-21', '2026-11-22']));
      // Synced again the same day: nothing more.
      expect((await syncConnection(deps, connection.id))?.added).toBe(0);
    } finally {
      vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
    }
  });
});

describe('investments', () => {
  it("brings them into Meu patrimônio when shared, each kept by the bank's reference across syncs and reconnections", async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token, ['ACCOUNTS', 'INVESTMENTS']);
    const readInvestments = () =>
      context.database.db
        .select({
          id: investments.id,
          kind: investments.kind,
          name: investments.name,
          balanceCents: investments.balanceCents,
        })
        .from(investments)
        .where(eq(investments.clientUserId, client.row.id))
        .orderBy(investments.id);
    const first = await readInvestments();
    expect(first.map((row) => [row.kind, row.name])).toEqual([
      ['fixed-income', 'CDB Simulado 110% do CDI'],
      ['investment-funds', 'Fundo Simulado Renda Fixa'],
    ]);
    expect(first.every((row) => row.balanceCents > 0)).toBe(true);
    const netWorth = await call(context, 'GET', '/api/my-assets/net-worth/', { token: client.token });
    expect(netWorth.statusCode).toBe(200);
    expect(netWorth.json().current.investments).toBe(first.reduce((sum, row) => sum + row.balanceCents, 0));
    // A reconnection finds the same two; it takes the place of the first consent at the bank.
    const renewed = await connectBank(client.token, ['INVESTMENTS']);
    expect((await readInvestments()).map((row) => row.id)).toEqual(first.map((row) => row.id));
    // Two days on, a sync: the same two, today's balance, one point a day.
    vi.setSystemTime(new Date('2026-11-22T13:00:00Z'));
    try {
      const deps = { db: context.database.db, config: context.config } as AppDependencies;
      expect(await syncConnection(deps, connection.id)).toBeNull();
      expect((await syncConnection(deps, renewed.id))?.investments).toBe(2);
      const after = await readInvestments();
      expect(after.map((row) => row.id)).toEqual(first.map((row) => row.id));
      expect(after[0]?.balanceCents).toBeGreaterThan(first[0]?.balanceCents ?? 0);
      const points = await context.database.db
        .select({ date: sql<string>`${investmentValues.date}::text` })
        .from(investmentValues)
        .where(eq(investmentValues.investmentId, first[0]?.id ?? 0))
        .orderBy(investmentValues.date);
      expect(points.map((point) => point.date)).toEqual([today, '2026-11-22']);
    } finally {
      vi.setSystemTime(new Date('2026-11-20T13:00:00Z'));
    }
  });

  it('leaves them out when the consent does not share them', async () => {
    const client = (await createTestOrganization(context)).client;
    await connectBank(client.token);
    const rows = await context.database.db
      .select()
      .from(investments)
      .where(eq(investments.clientUserId, client.row.id));
    expect(rows).toEqual([]);
  });
});

describe('when a connection ends', () => {
  it('stops syncing a revoked connection: the sync is refused and the job brings nothing', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    const revoked = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connection.id}/revoke/`, {
      token: client.token,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', sync_status: 'idle' });
    const pendingLeft = await context.database.db
      .select({ id: openBankingPendingLines.id })
      .from(openBankingPendingLines)
      .where(eq(openBankingPendingLines.clientUserId, client.row.id));
    expect(pendingLeft).toEqual([]);
    const before = await countLines(client);
    const refused = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connection.id}/sync/`, {
      token: client.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'Só uma conexão ativa pode ser sincronizada.' });
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    expect(await syncConnection(deps, connection.id)).toBeNull();
    // What the connection brought stays.
    expect(await countLines(client)).toBe(before);
    expect(before).toBeGreaterThan(4_000);
  });

  it('drops the token once the bank is told, and gives up telling it after 30 days', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    await call(context, 'POST', `/api/open-banking/v2/links-connect/${connection.id}/revoke/`, { token: client.token });
    const tokenOf = async () =>
      (
        await context.database.db
          .select({ token: openBankingConnections.accessTokenCiphertext })
          .from(openBankingConnections)
          .where(eq(openBankingConnections.id, connection.id))
      )[0]?.token ?? null;
    // The simulated bank was told at once: nothing is kept.
    expect(await tokenOf()).toBeNull();
    // A revocation the bank never heard of, 31 days on, is given up: its token goes.
    await context.database.db
      .update(openBankingConnections)
      .set({ accessTokenCiphertext: 'sealed-token', revokedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(openBankingConnections.id, connection.id));
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    expect((await retryPendingRevocations(deps, new Date())).ended).toBeGreaterThanOrEqual(1);
    expect(await tokenOf()).toBeNull();
  });

  it('ends an expired consent at the next sync and tells the client once', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    await context.database.db
      .update(openBankingConnections)
      .set({ consentExpiresAt: new Date('2026-11-20T12:00:00Z') })
      .where(eq(openBankingConnections.id, connection.id));
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    expect(await syncConnection(deps, connection.id)).toBeNull();
    expect(await syncConnection(deps, connection.id)).toBeNull();
    const [listed] = await listConnections(client.token);
    expect(listed).toMatchObject({ status: 'expired' });
    const told = await context.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, client.row.id));
    expect(told.filter((row) => row.title.includes('expirou'))).toEqual([
      {
        title: `Conexão com ${listed?.institution_name} expirou`,
        body: 'O consentimento terminou em 20/11/2026. O que já veio continua no Prumo; conecte o banco de novo para continuar sincronizando.',
      },
    ]);
  });

  it('keeps what came and says so when the access cannot be opened', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    const before = await countLines(client);
    await context.database.db
      .update(openBankingConnections)
      .set({ accessTokenCiphertext: 'not-a-sealed-token' })
      .where(eq(openBankingConnections.id, connection.id));
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    expect(await syncConnection(deps, connection.id)).toBeNull();
    const [listed] = await listConnections(client.token);
    expect(listed).toMatchObject({
      sync_status: 'failed',
      sync_error: 'Não foi possível abrir o acesso a esta conexão. Conecte o banco de novo.',
    });
    expect(await countLines(client)).toBe(before);
  });
});

describe('a sync already asked for, or left running', () => {
  it('queues nothing more while one waits, and takes over a run that died', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    const [synced] = await listConnections(client.token);
    await context.database.db
      .update(openBankingConnections)
      .set({ syncStatus: 'waiting' })
      .where(eq(openBankingConnections.id, connection.id));
    const again = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connection.id}/sync/`, {
      token: client.token,
    });
    expect(again.statusCode).toBe(202);
    // No job was queued: the last sync is still the first one.
    const [still] = await listConnections(client.token);
    expect(still?.last_sync_at).toBe(synced?.last_sync_at);
    const deps = { db: context.database.db, config: context.config } as AppDependencies;
    // A run that started an hour ago and never ended belongs to a process that stopped.
    await context.database.db
      .update(openBankingConnections)
      .set({ syncStatus: 'running', syncStartedAt: new Date('2026-11-20T12:00:00Z') })
      .where(eq(openBankingConnections.id, connection.id));
    expect(await syncConnection(deps, connection.id)).toMatchObject({ added: 0 });
    // One that started a moment ago is left alone.
    await context.database.db
      .update(openBankingConnections)
      .set({ syncStatus: 'running', syncStartedAt: new Date('2026-11-20T12:59:00Z') })
      .where(eq(openBankingConnections.id, connection.id));
    expect(await syncConnection(deps, connection.id)).toBeNull();
  });
});

describe('who may sync', () => {
  it("lets a planner sync their client's connection; not another client, a manager or another organization", async () => {
    const client = organization.client;
    const [connection] = await listConnections(client.token);
    const path = `/api/open-banking/v2/links-connect/${connection?.id}/sync/`;
    const planner = await call(context, 'POST', `${path}?clientId=${client.row.id}`, {
      token: organization.planner.token,
    });
    expect(planner.statusCode).toBe(202);
    const otherClient = await addOtherPlannersClient(context, organization);
    expect((await call(context, 'POST', path, { token: otherClient.token })).statusCode).toBe(404);
    expect(
      (await call(context, 'POST', `${path}?clientId=${client.row.id}`, { token: organization.manager.token }))
        .statusCode,
    ).toBe(403);
    expect((await call(context, 'POST', path, { token: otherOrganization.client.token })).statusCode).toBe(404);
    expect((await call(context, 'POST', path)).statusCode).toBe(401);
  });
});
