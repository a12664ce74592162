import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatement } from './read-statement';
import { StatementReadError, statementReadMessages } from './statement-read-error';
import { createStatementReaderPool, type StatementReader } from './statement-reader-pool';
import type { StatementLinesRead, StatementReadResult, StreamedLines } from './statement-types';

const fixturesFolder = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relativePath: string) => readFileSync(path.join(fixturesFolder, relativePath));

/** An SGML OFX with `count` debit lines (~100 bytes each). */
function generateOfx(count: number): Uint8Array {
  const parts = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST>\n',
  ];
  for (let index = 0; index < count; index++) {
    parts.push(
      `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240105<TRNAMT>-${(index % 900) + 1},50<FITID>${index}<MEMO>COMPRA LOJA ${index % 500}</STMTTRN>\n`,
    );
  }
  parts.push('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n');
  return new TextEncoder().encode(parts.join(''));
}

function readRefusalInProcess(fileName: string, bytes: Uint8Array): StatementReadError {
  try {
    readStatement(fileName, bytes);
  } catch (error) {
    if (error instanceof StatementReadError) return error;
    throw error;
  }
  throw new Error(`${fileName} was read, not refused`);
}

function buildPasswordProtectedWorkbook(): Uint8Array {
  const container = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]));
  XLSX.CFB.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(4096).fill(7));
  return new Uint8Array(XLSX.CFB.write(container, { type: 'array' }) as ArrayLike<number>);
}

let pool: StatementReader;

beforeAll(() => {
  pool = createStatementReaderPool();
});

afterAll(async () => {
  await pool.close();
});

describe('reading in a worker', () => {
  it.each([
    'kamino-company__OfxSharp/bb.ofx',
    'adelarcubs__ofxparser/extrato_itau.ofx',
    'financeiroLLE__Conciliacao-Extratos/extrato_banco_exemplo.xlsx',
    'mabahamo__beancount-chile/banco_chile_cartola_binary_sample.xls',
    'mabahamo__beancount-chile/banco_chile_credit_facturado_sample.xls',
  ])('reads %s exactly as readStatement does and hands the bytes back', async (relativePath) => {
    const fileName = path.basename(relativePath);
    const original = readFixture(relativePath);
    const read = await pool.read(fileName, readFixture(relativePath));
    expect(read.statement).toEqual(readStatement(fileName, original));
    expect(Buffer.from(read.bytes).equals(original)).toBe(true);
  });

  it('reads several files at once, each answer to its own file', async () => {
    const files = [
      'kamino-company__OfxSharp/itau.ofx',
      'kamino-company__OfxSharp/santander.ofx',
      'jseutter__ofxparse/suncorp.ofx',
    ];
    const reads = await Promise.all(files.map((file) => pool.read(path.basename(file), readFixture(file))));
    expect(reads.map((read) => read.statement)).toEqual(
      files.map((file) => readStatement(path.basename(file), readFixture(file))),
    );
  });

  it('moves bytes that own their buffer, and copies a view into a buffer shared with others', async () => {
    const fixture = readFixture('kamino-company__OfxSharp/itau.ofx');
    const own = new Uint8Array(fixture);
    const read = await pool.read('itau.ofx', own);
    expect(own.byteLength).toBe(0);
    expect(read.bytes.byteLength).toBe(fixture.byteLength);

    const shared = new Uint8Array(fixture.byteLength + 16);
    shared.set(fixture, 8);
    await pool.read('itau.ofx', shared.subarray(8, 8 + fixture.byteLength));
    expect(Buffer.from(shared.subarray(8, 8 + fixture.byteLength)).equals(fixture)).toBe(true);
  });

  it.each([
    ['extrato.pdf', () => readFixture('kamino-company__OfxSharp/itau.ofx')],
    ['extrato.xlsx', buildPasswordProtectedWorkbook],
    ['error_message.ofx', () => readFixture('jseutter__ofxparse/error_message.ofx')],
    ['fidelity.ofx', () => readFixture('jseutter__ofxparse/fidelity.ofx')],
    ['lixo.xls', () => new Uint8Array(4096).fill(7)],
  ])('refuses %s with the same code, message and detail as readStatement', async (fileName, buildBytes) => {
    const expected = readRefusalInProcess(fileName, buildBytes());
    const refusal = await pool.read(fileName, buildBytes()).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StatementReadError);
    expect(refusal).toMatchObject({ code: expected.code, message: expected.message, detail: expected.detail });
  });

  it('leaves the event loop free while a large file is read', async () => {
    let ticks = 0;
    const ticking = setInterval(() => {
      ticks += 1;
    }, 1);
    const read = await pool.read('grande.ofx', generateOfx(100_000)).finally(() => clearInterval(ticking));
    expect(read.statement.accounts[0]?.transactions).toHaveLength(100_000);
    // Read on this thread, the file would be done before any timer could fire.
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('limits', () => {
  it('refuses a file still being read after the time limit, as unreadable', async () => {
    const impatientPool = createStatementReaderPool({ timeLimitMilliseconds: 1 });
    try {
      // Starting a worker (its isolate, tsx, the readers) alone takes far longer than 1 ms.
      const refusal = await impatientPool
        .read('itau.ofx', readFixture('kamino-company__OfxSharp/itau.ofx'))
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StatementReadError);
      expect(refusal).toMatchObject({
        code: 'unreadable',
        message: statementReadMessages.unreadable,
        detail: 'Leitura passou de 1 ms',
      });
    } finally {
      await impatientPool.close();
    }
  });

  it('refuses a file that exhausts the worker heap, then reads the next file in a new worker', async () => {
    const smallPool = createStatementReaderPool({ size: 1, maxHeapMegabytes: 32 });
    try {
      const refusal = await smallPool.read('grande.ofx', generateOfx(200_000)).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(StatementReadError);
      expect(refusal).toMatchObject({ code: 'unreadable', message: statementReadMessages.unreadable });
      expect((refusal as StatementReadError).detail).toContain('memory limit');

      const read = await smallPool.read('itau.ofx', readFixture('kamino-company__OfxSharp/itau.ofx'));
      expect(read.statement.accounts[0]?.transactions).toHaveLength(3);
    } finally {
      await smallPool.close();
    }
  });
});

describe('closing', () => {
  it('stops reading: files in progress or waiting are not called unreadable, later ones are refused', async () => {
    const closingPool = createStatementReaderPool({ size: 1 });
    const inProgress = closingPool.read('grande.ofx', generateOfx(50_000)).catch((error: unknown) => error);
    const waiting = closingPool
      .read('itau.ofx', readFixture('kamino-company__OfxSharp/itau.ofx'))
      .catch((error: unknown) => error);
    await closingPool.close();
    for (const outcome of [await inProgress, await waiting]) {
      expect(outcome).not.toBeInstanceOf(StatementReadError);
      expect(outcome).toMatchObject({ message: 'The statement reader pool is closed' });
    }
    await expect(closingPool.read('itau.ofx', readFixture('kamino-company__OfxSharp/itau.ofx'))).rejects.toThrow(
      'The statement reader pool is closed',
    );
  });
});

describe('a worker started with the pool', () => {
  it('reads the first files in the worker already loaded, then closes with it', async () => {
    const readyPool = createStatementReaderPool({ size: 1, readyWorkers: 1 });
    const files = ['kamino-company__OfxSharp/itau.ofx', 'kamino-company__OfxSharp/santander.ofx'];
    const statements = await Promise.all(
      files.map((file) => readyPool.readFile(path.basename(file), path.join(fixturesFolder, file))),
    );
    expect(statements).toEqual(
      files.map((file) => keepImportedFields(readStatement(path.basename(file), readFixture(file)))),
    );
    await readyPool.close();
    await expect(readyPool.readFile('itau.ofx', path.join(fixturesFolder, files[0] as string))).rejects.toThrow(
      'The statement reader pool is closed',
    );
  });
});

/** What a read for import keeps of a statement: everything but its lines' bank ids. */
function keepImportedFields(statement: StatementReadResult): StatementLinesRead {
  return {
    ...statement,
    accounts: statement.accounts.map(({ transactions, ...account }) => ({
      ...account,
      transactions: transactions.map(({ date, amountCents, description }) => ({ date, amountCents, description })),
    })),
  };
}

describe('reading a file from its path', () => {
  const pool = createStatementReaderPool({ size: 1 });
  afterAll(() => pool.close());

  it('reads in the worker what readStatement reads from the bytes, and refuses a file that is not there', async () => {
    const relative = 'kamino-company__OfxSharp/bb.ofx';
    const statement = await pool.readFile('bb.ofx', path.join(fixturesFolder, relative));
    const read = readStatement('bb.ofx', readFixture(relative));
    expect(statement).toEqual(keepImportedFields(read));
    // Every line, in order, with what an import stores and without the bank's ids.
    expect(statement.accounts[0]?.transactions).toHaveLength(read.accounts[0]?.transactions.length ?? -1);
    expect(Object.keys(statement.accounts[0]?.transactions[0] ?? {}).sort()).toEqual([
      'amountCents',
      'date',
      'description',
    ]);
    const missing = await pool
      .readFile('sumiu.ofx', path.join(fixturesFolder, 'nao-existe.ofx'))
      .catch((error) => error);
    expect(missing).toBeInstanceOf(StatementReadError);
    expect(missing).toMatchObject({ code: 'unreadable', message: statementReadMessages.unreadable });
  });

  it('hands a streaming read’s lines over before the whole read, the same lines as it holds', async () => {
    const relative = 'kamino-company__OfxSharp/bb.ofx';
    const handed: StreamedLines[] = [];
    let wholeRead = false;
    const reading = pool
      .readFile('bb.ofx', path.join(fixturesFolder, relative), {
        linesPerChunk: 2,
        onLines: (streamed) => {
          expect(wholeRead).toBe(false);
          handed.push(streamed);
        },
      })
      .finally(() => {
        wholeRead = true;
      });
    const statement = await reading;
    expect(handed.length).toBeGreaterThan(1);
    expect(handed.at(-1)?.accountIndex).toBe(0);
    expect(handed.flatMap((streamed) => streamed.lines)).toEqual(statement.accounts[0]?.transactions);
  });
});
