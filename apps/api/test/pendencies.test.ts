import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { origins, statementFileOrigins, statementFiles } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));
const threeAccounts = 'asgrim__ofxparser/ofx-multiple-accounts-xml.ofx';
const cardBill = 'adelarcubs__ofxparser/fatura_cc_1.ofx';

interface PendencyEntry {
  filename: string;
  fileId: number;
  originId: number;
  name: string;
  kind: 'bank_account' | 'credit_card';
  balance: number | null;
  dueDate: number | null;
  closeDay: number | null;
  newAccount: boolean;
}

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

async function uploadFile(token: string, name: string, fixture: string, query = ''): Promise<number> {
  const body = buildMultipart([
    { name: 'files', fileName: name, content: readFixture(fixture), type: 'application/octet-stream' },
  ]);
  const response = await call(context, 'POST', `/api/upload/${query}`, { token, ...body });
  expect(response.statusCode).toBe(201);
  return response.json().files[0].id;
}

async function listPendencies(token: string, query = ''): Promise<PendencyEntry[]> {
  const response = await call(context, 'GET', `/api/pendency/${query}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function completeFile(token: string, fileId: number, payload: object, query = '') {
  return call(context, 'PATCH', `/api/pendency/complete-file/${fileId}/${query}`, { token, payload });
}

async function readOrigin(originId: number) {
  const [origin] = await context.database.db.select().from(origins).where(eq(origins.id, originId));
  if (!origin) throw new Error('origin not found');
  return origin;
}

async function readStatus(fileId: number) {
  const [file] = await context.database.db.select().from(statementFiles).where(eq(statementFiles.id, fileId));
  return file?.readStatus;
}

describe('PATCH pendency/complete-file/{fileId}/ on a file with several new accounts', () => {
  it('lists each account, named, and completes only the one originId names', async () => {
    const { client } = await createTestOrganization(context);
    const fileId = await uploadFile(client.token, 'tres-contas.ofx', threeAccounts);
    const listed = await listPendencies(client.token);
    expect(listed.map(({ fileId: id, balance, kind, newAccount }) => ({ id, balance, kind, newAccount }))).toEqual([
      { id: fileId, balance: 4_301, kind: 'bank_account', newAccount: true },
      { id: fileId, balance: 300_025, kind: 'bank_account', newAccount: true },
      { id: fileId, balance: 1_172_856, kind: 'bank_account', newAccount: true },
    ]);
    expect(new Set(listed.map((entry) => entry.originId)).size).toBe(3);
    expect(new Set(listed.map((entry) => entry.name)).size).toBe(3);
    const [first, second, third] = listed as [PendencyEntry, PendencyEntry, PendencyEntry];

    const completed = await completeFile(client.token, fileId, { balance: 100, originId: second.originId });
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toEqual({ detail: 'Pendência resolvida' });
    expect((await readOrigin(second.originId)).balanceCents).toBe(100);
    expect((await readOrigin(first.originId)).balanceCents).toBe(4_301);
    expect((await readOrigin(third.originId)).balanceCents).toBe(1_172_856);
    expect(await listPendencies(client.token)).toEqual([first, third]);
    expect(await readStatus(fileId)).toBe('Leitura concluída com pendências');

    // Once completed, the account is no longer the file's to complete.
    const again = await completeFile(client.token, fileId, { balance: 5, originId: second.originId });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Esta conta não está entre as pendências deste arquivo.' });
    expect((await readOrigin(second.originId)).balanceCents).toBe(100);

    // With one account left, the body need not name it.
    expect((await completeFile(client.token, fileId, { balance: 200, originId: first.originId })).statusCode).toBe(200);
    expect((await completeFile(client.token, fileId, { balance: 300 })).statusCode).toBe(200);
    expect((await readOrigin(third.originId)).balanceCents).toBe(300);
    expect(await listPendencies(client.token)).toEqual([]);
    expect(await readStatus(fileId)).toBe('Leitura concluída');
  });

  it('answers 400 and changes nothing when the body names no account', async () => {
    const { client } = await createTestOrganization(context);
    const fileId = await uploadFile(client.token, 'tres-contas.ofx', threeAccounts);
    const before = await listPendencies(client.token);

    const ambiguous = await completeFile(client.token, fileId, { balance: 100 });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json()).toEqual({
      originId: ['Este arquivo tem 3 contas pendentes: informe qual delas completar (originId).'],
    });
    expect(await listPendencies(client.token)).toEqual(before);
    for (const entry of before) {
      const origin = await readOrigin(entry.originId);
      expect(origin.balanceCents).toBe(entry.balance);
      expect(origin.pendencyCompletedAt).toBeNull();
    }
    expect(await readStatus(fileId)).toBe('Leitura concluída com pendências');
  });

  it('answers 404 for an account the file did not create, and for a bank account asked without a balance 400', async () => {
    const { client } = await createTestOrganization(context);
    const fileId = await uploadFile(client.token, 'tres-contas.ofx', threeAccounts);
    const cardFileId = await uploadFile(client.token, 'fatura.ofx', cardBill);
    const card = (await listPendencies(client.token)).find((entry) => entry.fileId === cardFileId);
    if (!card) throw new Error('card pendency not listed');
    const otherFile = await completeFile(client.token, fileId, { closeDay: 5, dueDate: 10, originId: card.originId });
    expect(otherFile.statusCode).toBe(404);
    expect((await readOrigin(card.originId)).dueDay).toBeNull();

    const [account] = (await listPendencies(client.token)).filter((entry) => entry.fileId === fileId);
    if (!account) throw new Error('account pendency not listed');
    const noBalance = await completeFile(client.token, fileId, { originId: account.originId });
    expect(noBalance.statusCode).toBe(400);
    expect(noBalance.json()).toEqual({ detail: 'Informe o saldo da conta.' });
    expect((await readOrigin(account.originId)).pendencyCompletedAt).toBeNull();
  });
});

describe('a file with no pending account', () => {
  it('answers 404 and leaves the account as it was, like a file that is not there', async () => {
    const { client } = await createTestOrganization(context);
    const creatingFileId = await uploadFile(client.token, 'fatura.ofx', cardBill);
    // The same card again: this file lists the card but did not create it.
    const laterFileId = await uploadFile(client.token, 'fatura-de-novo.ofx', cardBill);
    const [card, ...others] = await listPendencies(client.token);
    expect(others).toEqual([]);
    expect(card).toMatchObject({ fileId: creatingFileId, kind: 'credit_card' });

    const notPending = await completeFile(client.token, laterFileId, { closeDay: 5, dueDate: 10 });
    expect(notPending.statusCode).toBe(404);
    expect(notPending.json()).toEqual({ detail: 'Não encontramos pendências para este arquivo.' });
    const origin = await readOrigin(card?.originId ?? 0);
    expect([origin.closingDay, origin.dueDay, origin.pendencyCompletedAt]).toEqual([null, null, null]);
    expect(await listPendencies(client.token)).toEqual([card]);

    const missing = await completeFile(client.token, 2_000_000_000, { closeDay: 5, dueDate: 10 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Não encontramos pendências para este arquivo.' });
  });
});

describe('an account completed through one file', () => {
  it('leaves pendency/ for every file that lists it, and each file reads as plainly done', async () => {
    const { client } = await createTestOrganization(context);
    const firstFileId = await uploadFile(client.token, 'fatura.ofx', cardBill);
    const secondFileId = await uploadFile(client.token, 'fatura-de-novo.ofx', cardBill);
    const [card] = await listPendencies(client.token);
    if (!card) throw new Error('card pendency not listed');
    // However a second file came to list the account as new, the pendency is the account's.
    await context.database.db
      .update(statementFileOrigins)
      .set({ newAccount: true })
      .where(eq(statementFileOrigins.fileId, secondFileId));
    await context.database.db
      .update(statementFiles)
      .set({ readStatus: 'Leitura concluída com pendências' })
      .where(eq(statementFiles.id, secondFileId));
    expect((await listPendencies(client.token)).map((entry) => [entry.fileId, entry.originId])).toEqual([
      [secondFileId, card.originId],
      [firstFileId, card.originId],
    ]);

    const completed = await completeFile(client.token, secondFileId, { closeDay: 5, dueDate: 10 });
    expect(completed.statusCode).toBe(200);
    expect(await listPendencies(client.token)).toEqual([]);
    expect(await readStatus(firstFileId)).toBe('Leitura concluída');
    expect(await readStatus(secondFileId)).toBe('Leitura concluída');
    const origin = await readOrigin(card.originId);
    expect([origin.closingDay, origin.dueDay]).toEqual([5, 10]);
    expect((await completeFile(client.token, firstFileId, { closeDay: 1, dueDate: 2 })).statusCode).toBe(404);
    expect((await readOrigin(card.originId)).dueDay).toBe(10);
  });

  it("keeps a file's other pending accounts listed, and its status, when one of them is completed elsewhere", async () => {
    const { client } = await createTestOrganization(context);
    const fileId = await uploadFile(client.token, 'tres-contas.ofx', threeAccounts);
    const cardFileId = await uploadFile(client.token, 'fatura.ofx', cardBill);
    const card = (await listPendencies(client.token)).find((entry) => entry.fileId === cardFileId);
    expect((await completeFile(client.token, cardFileId, { closeDay: 5, dueDate: 10 })).statusCode).toBe(200);
    expect(await readStatus(cardFileId)).toBe('Leitura concluída');
    expect(await readStatus(fileId)).toBe('Leitura concluída com pendências');
    const left = await listPendencies(client.token);
    expect(left).toHaveLength(3);
    expect(left.every((entry) => entry.fileId === fileId && entry.originId !== card?.originId)).toBe(true);
  });
});

describe('who may see and complete pendencies', () => {
  it('answers 404 to another client and to another organization, and lists them nothing; the planner completes', async () => {
    const owner = await createTestOrganization(context);
    const outsider = await createTestOrganization(context);
    const fileId = await uploadFile(owner.client.token, 'tres-contas.ofx', threeAccounts);
    const listed = await listPendencies(owner.client.token);
    const [first] = listed;
    if (!first) throw new Error('no pendency listed');

    for (const token of [owner.loneClient.token, outsider.client.token]) {
      expect(await listPendencies(token)).toEqual([]);
      for (const payload of [{ balance: 1, originId: first.originId }, { balance: 1 }]) {
        const response = await completeFile(token, fileId, payload);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Não encontramos pendências para este arquivo.' });
      }
    }
    // Another organization's adviser cannot name the owner as their client.
    for (const adviser of [outsider.planner, outsider.manager]) {
      const response = await completeFile(
        adviser.token,
        fileId,
        { balance: 1, originId: first.originId },
        `?clientId=${owner.client.row.id}`,
      );
      expect(response.statusCode).toBe(404);
    }
    expect(await listPendencies(owner.client.token)).toEqual(listed);

    const query = `?clientId=${owner.client.row.id}`;
    expect(await listPendencies(owner.planner.token, query)).toEqual(listed);
    const byPlanner = await completeFile(owner.planner.token, fileId, { balance: 7, originId: first.originId }, query);
    expect(byPlanner.statusCode).toBe(200);
    expect((await readOrigin(first.originId)).balanceCents).toBe(7);
    expect(await listPendencies(owner.client.token)).toHaveLength(2);
  });
});

describe("a card's closing and due days", () => {
  it('answers 400 with the field’s message for a day outside 1–31 or not a whole day, and keeps the card as it was', async () => {
    const { client } = await createTestOrganization(context);
    const fileId = await uploadFile(client.token, 'fatura.ofx', cardBill);
    const [card] = await listPendencies(client.token);
    if (!card) throw new Error('no pendency listed');
    const dayMessage = ['Informe um dia entre 1 e 31.'];
    const refusals: [object, Record<string, string[]>][] = [
      [{ closeDay: 32, dueDate: 10 }, { closeDay: dayMessage }],
      [{ closeDay: 5, dueDate: 0 }, { dueDate: dayMessage }],
      [
        { closeDay: -1, dueDate: 45 },
        { closeDay: dayMessage, dueDate: dayMessage },
      ],
      [{ closeDay: 5.5, dueDate: 10 }, { closeDay: dayMessage }],
      [{ closeDay: '40', dueDate: 10 }, { closeDay: dayMessage }],
      [{ closeDay: true, dueDate: 10 }, { closeDay: dayMessage }],
      [{ closeDay: [5], dueDate: 10 }, { closeDay: dayMessage }],
      [{ closeDay: '', dueDate: 10 }, { closeDay: dayMessage }],
      [{ closeDay: 5, dueDate: null }, { dueDate: dayMessage }],
    ];
    for (const [payload, fields] of refusals) {
      const response = await completeFile(client.token, fileId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual(fields);
    }
    const untouched = await readOrigin(card.originId);
    expect([untouched.closingDay, untouched.dueDay, untouched.pendencyCompletedAt]).toEqual([null, null, null]);
    expect(await readStatus(fileId)).toBe('Leitura concluída com pendências');

    // The edges are days, as written (a day given as text, as a form sends it, too).
    expect((await completeFile(client.token, fileId, { closeDay: '31', dueDate: 1 })).statusCode).toBe(200);
    const completed = await readOrigin(card.originId);
    expect([completed.closingDay, completed.dueDay]).toEqual([31, 1]);
  });
});
