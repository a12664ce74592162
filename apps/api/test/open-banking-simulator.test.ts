import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { beforeAll, describe, expect, it } from 'vitest';
import { OpenFinanceProviderError } from '../src/adapters/open-finance/open-finance-connector';
import {
  confirmSimulatorCode,
  decideSimulatorConsent,
  findOpenSimulatorConsent,
  signInAtSimulator,
} from '../src/adapters/open-finance/simulated/simulator.service';
import { listLedgerAccounts, listLedgerLines } from '../src/adapters/open-finance/simulated/simulator-ledger';
import { createSimulatedConnector } from '../src/adapters/open-finance/simulated-connector';
import { createTestContext, type TestContext } from './helpers/test-app';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

const today = '2026-11-28';

function connect() {
  return createSimulatedConnector({ db: context.database.db, publicUrl: 'http://prumo.test', integration: 'quanto' });
}

/** A consent through the bank's three steps, traded for its access token. */
async function grantConsent(
  permissions: string[],
  participantId = 'banco-simulado',
): Promise<{ accessToken: string; consentId: string }> {
  const connector = connect();
  const { db } = context.database;
  const started = await connector.createConsent({
    participantId,
    permissions: permissions as never,
    months: 12,
    redirectUri: 'http://prumo.test/app/demo/callback-opb',
    state: 'estado-de-teste-com-dezesseis',
    holder: { name: 'Carla Cliente', cpf: null },
  });
  const open = async () => {
    const consent = await findOpenSimulatorConsent(db, started.consentId);
    if (!consent) throw new Error('consent not open');
    return consent;
  };
  expect(await signInAtSimulator(db, await open(), 'user-ok', 'password-ok')).toBeNull();
  expect(await confirmSimulatorCode(db, await open(), '123456')).toBeNull();
  const back = new URL((await decideSimulatorConsent(db, await open(), true)) ?? '');
  const granted = await connector.exchangeCode({
    consentId: started.consentId,
    code: back.searchParams.get('code') ?? '',
  });
  return { accessToken: granted.accessToken, consentId: started.consentId };
}

describe('the simulated bank’s books', () => {
  it('hold 24 months of a checking account’s lines, about 5,000, the same on every read', () => {
    const accountId = 'banco-simulado:cc-0001-123456';
    const lines = listLedgerLines(accountId, today);
    expect(lines.length).toBeGreaterThan(4_000);
    expect(lines.length).toBeLessThan(6_500);
    expect(lines[0]?.date).toBe('2024-11-01');
    expect(lines.at(-1)?.date).toBe(today);
    expect(listLedgerLines(accountId, today)).toEqual(lines);
    expect(lines.some((line) => line.description === 'TED RECEBIDA SALARIO EMPRESA SIMULADA LTDA')).toBe(true);
    expect(lines.every((line) => Number.isInteger(line.amountCents) && line.amountCents !== 0)).toBe(true);
  });

  it('keep today’s and yesterday’s lines pending; booked the day after, some with another id', () => {
    const accountId = 'banco-simulado:cc-0001-123456';
    const yesterday = shiftDay(today, -1);
    const pending = listLedgerLines(accountId, today).filter((line) => line.status === 'PENDING');
    expect(new Set(pending.map((line) => line.date))).toEqual(new Set([yesterday, today]));
    const twoDaysLater = listLedgerLines(accountId, shiftDay(today, 2));
    const bookedThen = twoDaysLater.filter((line) => line.date === yesterday);
    expect(bookedThen.every((line) => line.status === 'BOOKED')).toBe(true);
    const pendingYesterday = pending.filter((line) => line.date === yesterday);
    expect(bookedThen.map((line) => [line.amountCents, line.description])).toEqual(
      pendingYesterday.map((line) => [line.amountCents, line.description]),
    );
    const sameIds = bookedThen.filter((line, index) => line.id === pendingYesterday[index]?.id);
    expect(sameIds.length).toBeGreaterThan(0);
    expect(sameIds.length).toBeLessThan(bookedThen.length);
    // A new day brings its lines; the older ones stay as they were.
    const tomorrow = listLedgerLines(accountId, shiftDay(today, 1));
    expect(tomorrow.length).toBeGreaterThan(listLedgerLines(accountId, today).length - 40);
    expect(tomorrow.some((line) => line.date === shiftDay(today, 1))).toBe(true);
  });

  it('give each institution its own accounts, identified by bank code, branch and number', () => {
    const [checking, card] = listLedgerAccounts('banco-simulado', today);
    expect(checking).toMatchObject({ kind: 'checking', bankCode: '990', branch: '0001', number: '123456-7' });
    expect(card).toMatchObject({ kind: 'credit_card', bankCode: '990', number: '5502', creditLimitCents: 1_200_000 });
    expect(listLedgerAccounts('cooperativa-simulada', today)[0]).toMatchObject({ bankCode: '991' });
    expect(listLedgerAccounts('banco-x', today)).toEqual([]);
  });
});

describe('reading through the connector', () => {
  it('lists what the consent shares: accounts, their lines by page, investments', async () => {
    const { accessToken } = await grantConsent(['ACCOUNTS', 'CREDIT_CARDS', 'INVESTMENTS']);
    const connector = connect();
    const accounts = await connector.listAccounts({ accessToken });
    expect(accounts.map((account) => account.kind)).toEqual(['checking', 'credit_card']);
    const checking = accounts[0];
    if (!checking) throw new Error('no checking account');
    const from = shiftDay(findTodayInBrazil(new Date()), -60);
    const first = await connector.listTransactions({ accessToken, accountId: checking.id, from, page: 1 });
    expect(first.lines).toHaveLength(Math.min(500, first.lines.length));
    expect(first.lines.every((line) => line.date >= from)).toBe(true);
    const pages = [first.lines];
    for (let page = 2; page <= first.totalPages; page++) {
      pages.push((await connector.listTransactions({ accessToken, accountId: checking.id, from, page })).lines);
    }
    const all = pages.flat();
    expect(new Set(all.map((line) => line.id)).size).toBe(all.length);
    expect(all.filter((line) => line.status === 'pending').length).toBeGreaterThan(0);
    const investments = await connector.listInvestments({ accessToken });
    expect(investments.map((investment) => investment.kind)).toEqual(['fixed-income', 'investment-funds']);
    expect(investments[1]?.cnpj).toBe('77666555000100');
  });

  it('shares no more than the consent: cards alone list the card; investments need their permission', async () => {
    const { accessToken } = await grantConsent(['CREDIT_CARDS']);
    const connector = connect();
    expect((await connector.listAccounts({ accessToken })).map((account) => account.kind)).toEqual(['credit_card']);
    await expect(connector.listInvestments({ accessToken })).rejects.toBeInstanceOf(OpenFinanceProviderError);
    await expect(
      connector.listTransactions({ accessToken, accountId: 'banco-simulado:cc-0001-123456', from: today, page: 1 }),
    ).rejects.toMatchObject({ refused: true });
  });

  it('refuses a revoked token and one it never gave', async () => {
    const { accessToken, consentId } = await grantConsent(['ACCOUNTS']);
    const connector = connect();
    expect(await connector.listAccounts({ accessToken })).toHaveLength(1);
    await expect(connector.listAccounts({ accessToken: 'inventado' })).rejects.toMatchObject({ refused: true });
    await connector.revokeConsent({ consentId, accessToken });
    await expect(connector.listAccounts({ accessToken })).rejects.toMatchObject({ refused: true });
  });
});
