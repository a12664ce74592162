import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  notifications,
  openBankingConnections,
  openBankingPendingLines,
  origins,
  transactions,
} from '../src/db/schema';
import type { AppDependencies } from '../src/dependencies';
import { syncConnection } from '../src/modules/open-banking/index';
import { buildMultipart } from './helpers/multipart';
import { buildOfx } from './helpers/ofx';
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

async function submitBankForm(fields: Record<string, string>) {
  return context.app.inject({
    method: 'POST',
    url: '/open-finance-simulator/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The whole consent at the simulated bank; the approve call runs the first sync (its job) before answering here. */
async function connectBank(token: string, clientId?: number): Promise<ConnectionAnswer> {
  const query = clientId ? `?clientId=${clientId}` : '';
  const started = await call(context, 'POST', `/api/open-banking/v2/users/consents/${query}`, {
    token,
    payload: { participant_id: 'banco-simulado', permissions: ['ACCOUNTS', 'CREDIT_CARDS'], months: 12 },
  });
  expect(started.statusCode, started.body).toBe(201);
  const request = new URL(started.json().authorization_url).searchParams.get('request') ?? '';
  await submitBankForm({ request, step: 'login', user: 'user-ok', password: 'password-ok' });
  await submitBankForm({ request, step: 'code', code: '123456' });
  const back = await submitBankForm({ request, step: 'review', decision: 'authorise' });
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

  it('counts once a payment the statement file brings again under other words, a day off', async () => {
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
        // The bank's file says it differently and books it the next day.
        { date: '2026-10-06', amount: ((salary?.amountCents ?? 0) / 100).toFixed(2), memo: 'Salario Empresa Simulada' },
        // A line the connection never brought.
        { date: '2026-10-06', amount: '-12.34', memo: 'Tarifa avulsa' },
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
        { date: '2026-10-05', amount: '6500.00', memo: 'SALARIO EMPRESA SIMULADA' },
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
    expect(
      await countLines(
        client,
        and(
          eq(transactions.createdFrom, 'open_finance'),
          sql`${transactions.date} in ('2026-10-05', '2026-10-08')`,
          sql`abs(${transactions.amountCents}) in (650000, 190000)`,
        ),
      ),
    ).toBe(0);
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

describe('when a connection ends', () => {
  it('stops syncing a revoked connection: the sync is refused and the job brings nothing', async () => {
    const client = (await createTestOrganization(context)).client;
    const connection = await connectBank(client.token);
    const revoked = await call(context, 'POST', `/api/open-banking/v2/links-connect/${connection.id}/revoke/`, {
      token: client.token,
    });
    expect(revoked.statusCode).toBe(200);
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
