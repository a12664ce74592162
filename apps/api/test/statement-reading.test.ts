import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createStatementReaderPool, type StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { origins, statementFiles, transactions } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import { call, createTestContext, createTestOrganization, type TestContext } from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));

function upload(context: TestContext, token: string, files: { name: string; content: Buffer | string }[]) {
  const body = buildMultipart(
    files.map((file) => ({
      name: 'files',
      fileName: file.name,
      content: file.content,
      type: 'application/octet-stream',
    })),
  );
  return call(context, 'POST', '/api/upload/', { token, ...body });
}

/** An OFX of one real line and `count` zero-value ones: as long to read as real ones, little to store. */
function generateZeroValueOfx(count: number): Buffer {
  const parts = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST>\n',
    '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-10,00<FITID>real<MEMO>PADARIA</STMTTRN>\n',
  ];
  for (let index = 0; index < count; index++) {
    parts.push(
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240105<TRNAMT>0,00<FITID>${index}<MEMO>ESTORNO LOJA ${index}</STMTTRN>\n`,
    );
  }
  parts.push('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n');
  return Buffer.from(parts.join(''), 'latin1');
}

describe('reading statements in worker threads', () => {
  it('refuses a file whose reading passes the time limit with the unreadable message, storing nothing', async () => {
    const context = await createTestContext({
      statementReader: createStatementReaderPool({ timeLimitMilliseconds: 1 }),
    });
    const target = await createTestOrganization(context);
    // Starting a worker alone takes far longer than 1 ms, so this small file always runs out of time.
    const response = await upload(context, target.client.token, [
      { name: 'itau.ofx', content: readFixture('kamino-company__OfxSharp/itau.ofx') },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Arquivo com leitura incompatível com o sistema.',
      files: ['itau.ofx: Arquivo com leitura incompatível com o sistema.'],
    });
    const { db } = context.database;
    const clientUserId = target.client.row.id;
    expect(await db.select().from(statementFiles).where(eq(statementFiles.clientUserId, clientUserId))).toEqual([]);
    expect(await db.select().from(origins).where(eq(origins.clientUserId, clientUserId))).toEqual([]);
    expect(await db.select().from(transactions).where(eq(transactions.clientUserId, clientUserId))).toEqual([]);
  });

  it('answers another call while a large statement is being read', async () => {
    const pool = createStatementReaderPool();
    let markReadStarted = () => {};
    const readStarted = new Promise<void>((resolve) => {
      markReadStarted = resolve;
    });
    let readFinished = false;
    const watchedReader: StatementReader = {
      read: (fileName, bytes) => pool.read(fileName, bytes),
      readFile(fileName, filePath) {
        markReadStarted();
        return pool.readFile(fileName, filePath).finally(() => {
          readFinished = true;
        });
      },
      close: () => pool.close(),
    };
    const context = await createTestContext({ statementReader: watchedReader });
    const target = await createTestOrganization(context);

    const uploading = upload(context, target.client.token, [
      { name: 'grande.ofx', content: generateZeroValueOfx(100_000) },
    ]);
    await readStarted;
    const banks = await call(context, 'GET', '/api/bank/', { token: target.client.token });
    expect(banks.statusCode).toBe(200);
    expect(banks.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: '341', name: expect.stringContaining('Itaú') })]),
    );
    // Were the file read on the event loop, the bank list could only be answered after it.
    expect(readFinished).toBe(false);

    const uploaded = await uploading;
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json().files[0]).toMatchObject({ name: 'grande.ofx', transactions_read: 1, transactions_added: 1 });
    expect(uploaded.json().files[0].skipped_rows).toHaveLength(500);
  });
});
