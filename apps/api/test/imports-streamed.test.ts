import { readdirSync, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createStatementReaderPool, type StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importBundles, notifications, origins, statementFiles, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext, type TestUser } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

/** Every OFX among the real statements, by its path under the fixtures. */
function listOfxFixtures(folder = ''): string[] {
  return readdirSync(path.join(fixtures, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) return listOfxFixtures(relative);
    return /\.ofx$/i.test(entry.name) ? [relative] : [];
  });
}

interface StreamingChunks {
  linesPerChunk: number | null;
  /** Chunks of lines handed over so far. */
  handedOver: number;
}

/**
 * The real reader, except that a streaming read hands lines over every `linesPerChunk` lines (so
 * small files stream as a big one does), or never when it is null.
 */
function createReaderStreamingEvery(chunk: StreamingChunks): StatementReader {
  const pool = createStatementReaderPool();
  return {
    read: (fileName, bytes) => pool.read(fileName, bytes),
    readFile: (fileName, filePath, stream) =>
      pool.readFile(
        fileName,
        filePath,
        stream && chunk.linesPerChunk !== null
          ? {
              linesPerChunk: chunk.linesPerChunk,
              onLines: (streamed) => {
                chunk.handedOver += 1;
                stream.onLines(streamed);
              },
            }
          : undefined,
      ),
    close: () => pool.close(),
  };
}

function upload(context: TestContext, token: string, files: { name: string; content: Buffer | string }[]) {
  const body = buildMultipart(
    files.map((file) => ({ name: 'files', fileName: file.name, content: file.content, type: 'application/x-ofx' })),
  );
  return call(context, 'POST', '/api/upload/', { token, ...body });
}

/** What a client has after imports: each account with its balance, each line as stored, each file's read. */
async function readStoredImport(context: TestContext, client: TestUser) {
  const { db } = context.database;
  const accounts = await db
    .select({
      id: origins.id,
      kind: origins.kind,
      bankCode: origins.bankCode,
      branch: origins.branch,
      accountNumber: origins.accountNumber,
      balanceCents: origins.balanceCents,
      balanceDate: origins.balanceDate,
    })
    .from(origins)
    .where(eq(origins.clientUserId, client.row.id))
    .orderBy(asc(origins.id));
  const lines = await db
    .select({
      originId: transactions.originId,
      date: transactions.date,
      cashDate: transactions.cashDate,
      amountCents: transactions.amountCents,
      name: transactions.name,
      merchantKey: transactions.merchantKey,
      categoryId: transactions.categoryId,
      categorizedBy: transactions.categorizedBy,
      identityKey: transactions.identityKey,
    })
    .from(transactions)
    .where(eq(transactions.clientUserId, client.row.id))
    .orderBy(asc(transactions.id));
  const files = await db
    .select({
      name: statementFiles.name,
      readStatus: statementFiles.readStatus,
      readWarning: statementFiles.readWarning,
      transactionsRead: statementFiles.transactionsRead,
      transactionsAdded: statementFiles.transactionsAdded,
      skippedRows: statementFiles.skippedRows,
    })
    .from(statementFiles)
    .where(eq(statementFiles.clientUserId, client.row.id))
    .orderBy(asc(statementFiles.id));
  // Accounts by their identity, lines by their account's: ids differ between two clients.
  const accountKeys = new Map(
    accounts.map((account) => [
      account.id,
      `${account.kind}|${account.bankCode}|${account.branch}|${account.accountNumber}`,
    ]),
  );
  return {
    accounts: accounts.map(({ id: _id, ...account }) => account),
    lines: lines
      .map(({ originId, categoryId: _categoryId, ...line }) => ({ account: accountKeys.get(originId), ...line }))
      .sort((first, second) => (first.identityKey < second.identityKey ? -1 : 1)),
    files,
  };
}

/**
 * An OFX of one account (unless `account` is false) with a purchase a day from 2024-01-01, `days`
 * of them; with `madeOn` (YYYYMMDD), the statement ends and the file was made that day.
 */
function generateDailyOfx(days: number, options: { account?: boolean; madeOn?: string } = {}): string {
  const madeOn = options.madeOn ?? null;
  const lines = Array.from(
    { length: days },
    (_, index) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202401${String(index + 1).padStart(2, '0')}<TRNAMT>-${index + 1},00<FITID>${index}<MEMO>PADARIA ${index}</STMTTRN>`,
  );
  return [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n',
    `<OFX><SIGNONMSGSRSV1><SONRS>${madeOn ? `<DTSERVER>${madeOn}` : ''}</SONRS></SIGNONMSGSRSV1>`,
    '<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
    options.account === false ? '' : '<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>12345-6</BANKACCTFROM>',
    `<BANKTRANLIST>${madeOn ? `<DTSTART>20240101<DTEND>${madeOn}` : ''}`,
    ...lines,
    '</BANKTRANLIST><LEDGERBAL><BALAMT>-78,00<DTASOF>20240131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

/** An OFX of one account whose lines go on into more statement blocks than a file may have. */
function generateOfxWithTooManyBlocks(): string {
  const lines = Array.from(
    { length: 12 },
    (_, index) =>
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202401${String(index + 1).padStart(2, '0')}<TRNAMT>-${index + 1},00<FITID>${index}<MEMO>PADARIA ${index}</STMTTRN>`,
  );
  const emptyBlocks = Array.from({ length: 1_001 }, () => '<STMTRS><CURDEF>BRL</STMTRS>');
  return [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST>',
    ...lines,
    '</BANKTRANLIST></STMTRS>',
    ...emptyBlocks,
    '</STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\n');
}

/**
 * The real reader streaming two lines at a time, each read's later lines (and its end) held back
 * until `uploads` reads have handed over their first: that many imports are then open at once.
 */
function createReaderOpeningImportsTogether(uploads: number): StatementReader {
  const pool = createStatementReaderPool();
  let firstLinesHanded = 0;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    read: (fileName, bytes) => pool.read(fileName, bytes),
    readFile(fileName, filePath, stream) {
      if (!stream) return pool.readFile(fileName, filePath);
      let handed: Promise<void> | null = null;
      const whole = pool.readFile(fileName, filePath, {
        linesPerChunk: 2,
        onLines: (streamed) => {
          if (handed) {
            handed = handed.then(() => stream.onLines(streamed));
            return;
          }
          stream.onLines(streamed);
          handed = released;
          firstLinesHanded += 1;
          if (firstLinesHanded === uploads) release();
        },
      });
      return whole.then(async (statement) => {
        await handed;
        return statement;
      });
    },
    close: () => pool.close(),
  };
}

describe('importing a big statement while it is still being read', () => {
  it('stores every real OFX statement as a whole read does: accounts, balances, lines, counts and warnings', async () => {
    const chunk: StreamingChunks = { linesPerChunk: null, handedOver: 0 };
    const context = await createTestContext({ statementReader: createReaderStreamingEvery(chunk) });
    const whole = await createTestOrganization(context);
    const streamed = await createTestOrganization(context);
    const files = listOfxFixtures();
    expect(files.length).toBeGreaterThan(20);
    const generated = [
      // No account in the file: its name names it, once the whole file is read.
      { name: 'extrato itau conta 98765-4.ofx', content: generateDailyOfx(12, { account: false }) },
      // Rows dated after the statement's end and the file's making are scheduled ones, left out.
      { name: 'com-futuros.ofx', content: generateDailyOfx(12, { madeOn: '20240108' }) },
      // Every row after the end, into an account the client has: nothing to import, refused.
      { name: 'so-futuros.ofx', content: generateDailyOfx(12, { madeOn: '20231231' }) },
      // A download that stopped inside a line: the read is partial, the broken line left out.
      { name: 'cortado.ofx', content: generateDailyOfx(12).slice(0, -120) },
    ];
    const uploads = [
      ...files.map((file) => ({ name: path.basename(file), content: readFileSync(path.join(fixtures, file)) })),
      ...generated.map((file) => ({ name: file.name, content: Buffer.from(file.content, 'latin1') })),
    ];
    const answered = new Map<string, number>();
    for (const { name, content } of uploads) {
      chunk.linesPerChunk = null;
      const read = await upload(context, whole.client.token, [{ name, content }]);
      chunk.linesPerChunk = 2;
      const readStreaming = await upload(context, streamed.client.token, [{ name, content }]);
      expect(readStreaming.json(), name).toEqual(
        read.statusCode === 201 ? expect.objectContaining({ files: expect.any(Array) }) : read.json(),
      );
      answered.set(name, readStreaming.statusCode);
    }
    expect(answered.get('so-futuros.ofx')).toBe(400);
    expect(answered.get('com-futuros.ofx')).toBe(201);
    const stored = await readStoredImport(context, whole.client);
    expect(stored.lines.length).toBeGreaterThan(150);
    // Lines did come while files were still being read.
    expect(chunk.handedOver).toBeGreaterThan(50);
    expect(await readStoredImport(context, streamed.client)).toEqual(stored);
  }, 120_000);

  it('adds nothing when the same big file comes again, and only the new lines of a longer one', async () => {
    const chunk: StreamingChunks = { linesPerChunk: 3, handedOver: 0 };
    const context = await createTestContext({ statementReader: createReaderStreamingEvery(chunk) });
    const target = await createTestOrganization(context);
    const { db } = context.database;
    const storedLines = () => db.select().from(transactions).where(eq(transactions.clientUserId, target.client.row.id));

    const content = readFileSync(path.join(fixtures, 'adelarcubs__ofxparser/extrato_itau.ofx'));
    const first = await upload(context, target.client.token, [{ name: 'extrato_itau.ofx', content }]);
    expect(first.statusCode).toBe(201);
    const added = first.json().files[0].transactions_added;
    expect(added).toBeGreaterThan(30);
    const again = await upload(context, target.client.token, [{ name: 'itau-de-novo.ofx', content }]);
    expect(again.statusCode).toBe(201);
    expect(again.json().files[0]).toMatchObject({ transactions_added: 0, duplicates_ignored: added });
    expect(again.json().files[0].accounts).toEqual([expect.objectContaining({ new_account: false })]);
    expect(await storedLines()).toHaveLength(added);

    // Ten days read whole, then twenty streamed into the same account: the ten new ones are added.
    chunk.linesPerChunk = null;
    const tenDays = await upload(context, target.client.token, [{ name: 'dez.ofx', content: generateDailyOfx(10) }]);
    expect(tenDays.json().files[0]).toMatchObject({ transactions_added: 10 });
    chunk.linesPerChunk = 3;
    const twentyDays = await upload(context, target.client.token, [
      { name: 'vinte.ofx', content: generateDailyOfx(20) },
    ]);
    expect(twentyDays.statusCode).toBe(201);
    expect(twentyDays.json().files[0]).toMatchObject({
      transactions_read: 20,
      transactions_added: 10,
      duplicates_ignored: 10,
    });
    expect(await storedLines()).toHaveLength(added + 20);
  });

  it('imports more big files at once than the database pool has connections', async () => {
    // The test app's pool has 10 connections: twelve imports hold a transaction each while their
    // lines still come, and none may need a second connection to go on.
    const uploads = 12;
    const context = await createTestContext({ statementReader: createReaderOpeningImportsTogether(uploads) });
    const targets = [];
    for (let index = 0; index < uploads; index++) targets.push(await createTestOrganization(context));
    const answers = await Promise.all(
      targets.map((target) =>
        upload(context, target.client.token, [{ name: 'vinte.ofx', content: generateDailyOfx(20) }]),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    expect(answers.map((answer) => answer.json().files[0].transactions_added)).toEqual(answers.map(() => 20));
  }, 60_000);

  it('refuses a file found too large after its lines began to be stored, leaving nothing of it behind', async () => {
    const context = await createTestContext({
      statementReader: createReaderStreamingEvery({ linesPerChunk: 4, handedOver: 0 }),
    });
    const target = await createTestOrganization(context);
    const good = readFileSync(path.join(fixtures, 'kamino-company__OfxSharp/itau.ofx'));

    const refused = await upload(context, target.client.token, [
      { name: 'blocos.ofx', content: generateOfxWithTooManyBlocks() },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Arquivo grande demais: envie extratos de até 20 MB e até 200.000 lançamentos.',
      files: ['blocos.ofx: Arquivo grande demais: envie extratos de até 20 MB e até 200.000 lançamentos.'],
    });
    const { db } = context.database;
    const clientUserId = target.client.row.id;
    expect(await db.select().from(importBundles).where(eq(importBundles.clientUserId, clientUserId))).toEqual([]);
    expect(await db.select().from(statementFiles).where(eq(statementFiles.clientUserId, clientUserId))).toEqual([]);
    expect(await db.select().from(origins).where(eq(origins.clientUserId, clientUserId))).toEqual([]);
    expect(await db.select().from(transactions).where(eq(transactions.clientUserId, clientUserId))).toEqual([]);
    const keptFiles = await readdir(path.join(context.dataDir, 'media'), { recursive: true }).catch(() => []);
    expect(keptFiles).not.toContainEqual(expect.stringMatching(/statements\/.+\.ofx$/));
    // The client sent it: their planner hears of it.
    const notices = await db.select().from(notifications).where(eq(notifications.clientUserId, clientUserId));
    expect(notices).toEqual([
      expect.objectContaining({ title: 'Extrato não importado', body: expect.stringContaining('"blocos.ofx"') }),
    ]);

    // Beside a good file, the refused one leaves the good one's bundle alone.
    const mixed = await upload(context, target.client.token, [
      { name: 'blocos.ofx', content: generateOfxWithTooManyBlocks() },
      { name: 'itau.ofx', content: good },
    ]);
    expect(mixed.statusCode).toBe(201);
    expect(mixed.json().files).toEqual([expect.objectContaining({ name: 'itau.ofx' })]);
    expect(mixed.json().rejected).toEqual([expect.objectContaining({ name: 'blocos.ofx' })]);
    const bundles = await db.select().from(importBundles).where(eq(importBundles.clientUserId, clientUserId));
    expect(bundles).toEqual([expect.objectContaining({ id: mixed.json().bundle.id })]);
  });
});
