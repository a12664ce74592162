import { randomBytes } from 'node:crypto';
import { constants, deflateRawSync, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readStatement } from './read-statement';
import { StatementReadError, type StatementReadErrorCode, statementReadMessages } from './statement-read-error';

function readRefusal(fileName: string, bytes: Uint8Array): StatementReadError {
  try {
    readStatement(fileName, bytes);
  } catch (error) {
    if (error instanceof StatementReadError) return error;
    throw error;
  }
  throw new Error(`${fileName} was read, not refused`);
}

function expectRefusal(fileName: string, bytes: Uint8Array, code: StatementReadErrorCode): void {
  const error = readRefusal(fileName, bytes);
  expect(error.code).toBe(code);
  expect(error.message).toBe(statementReadMessages[code]);
}

interface ZipEntry {
  name: string;
  data: Uint8Array;
  method: 0 | 8;
  declaredSize: number;
}

/** A minimal zip written by hand, so sizes can lie the way a zip bomb's do. */
function buildZip(entries: ZipEntry[]): Uint8Array {
  const localParts: Buffer[] = [];
  const centralParts: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.declaredSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    localParts.push(local, name, Buffer.from(entry.data));
    centralParts.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centralParts);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...localParts, directory, end]));
}

const megabyte = 1024 * 1024;

/**
 * A raw deflate stream of `megabytes` MB of zeros, about 1 KB per MB, built without holding the
 * zeros: sync-flushed pieces can be chained, and "03 00" is an empty final block.
 */
function deflateZeros(megabytes: number): Buffer {
  const piece = deflateRawSync(Buffer.alloc(megabyte), { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: megabytes }, () => piece), Buffer.from([0x03, 0x00])]);
}

describe('hostile and unreadable files', () => {
  it('builds a real bomb (checked on a small one)', () => {
    expect(inflateRawSync(deflateZeros(2)).length).toBe(2 * megabyte);
  });

  it('refuses a zip bomb XLSX that declares its size', () => {
    const bomb = deflateZeros(400);
    expect(bomb.length).toBeLessThan(megabyte);
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb, method: 8, declaredSize: 400 * megabyte }]);
    expectRefusal('extrato.xlsx', zip, 'too_large');
    expect(readRefusal('extrato.xlsx', zip).detail).toMatch(/^Zip declara/);
  });

  it('refuses a zip bomb XLSX that lies about its size', () => {
    const bomb = deflateZeros(400);
    const zip = buildZip([
      { name: '[Content_Types].xml', data: new Uint8Array(0), method: 0, declaredSize: 0 },
      { name: 'xl/worksheets/sheet1.xml', data: bomb, method: 8, declaredSize: 1000 },
    ]);
    expectRefusal('extrato.xlsx', zip, 'too_large');
    expect(readRefusal('extrato.xlsx', zip).detail).toBe('Entrada do zip maior do que declara');
  });

  it('refuses a zip with thousands of entries', () => {
    const entries = Array.from({ length: 2500 }, (_, index) => ({
      name: `f${index}`,
      data: new Uint8Array(0),
      method: 0 as const,
      declaredSize: 0,
    }));
    expectRefusal('extrato.xlsx', buildZip(entries), 'too_large');
    expect(readRefusal('extrato.xlsx', buildZip(entries)).detail).toBe('Zip com 2500 arquivos');
  });

  it('refuses an XLSX whose sheets hold more rows than the cap, before parsing them', () => {
    const sheet = Buffer.from(`<worksheet><sheetData>${'<row/>'.repeat(200_001)}</sheetData></worksheet>`);
    const zip = buildZip([
      { name: 'xl/worksheets/sheet1.xml', data: deflateRawSync(sheet), method: 8, declaredSize: sheet.length },
    ]);
    expect(readRefusal('extrato.xlsx', zip)).toMatchObject({
      code: 'too_large',
      detail: 'Planilha com mais de 200000 linhas',
    });
  });

  it('refuses an OFX declaring entities (billion laughs) without expanding them', () => {
    const entities = Array.from(
      { length: 9 },
      (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level === 0 ? '' : level};`.repeat(10)}">`,
    ).join('\n');
    const ofx = `<?xml version="1.0"?>
<!DOCTYPE OFX [
<!ENTITY lol "lol">
${entities}
]>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20240901</DTPOSTED><TRNAMT>-1.00</TRNAMT>
<MEMO>&lol9;</MEMO></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;
    expectRefusal('extrato.ofx', new TextEncoder().encode(ofx), 'unreadable');
  });

  it('refuses 50 MB of random bytes named .ofx', () => {
    expectRefusal('extrato.ofx', randomBytes(50 * megabyte), 'too_large');
  });

  it('refuses 5 MB of random bytes named .ofx', () => {
    expectRefusal('extrato.ofx', randomBytes(5 * megabyte), 'unreadable');
  });

  it('refuses an OFX body of endless "<" in linear time', () => {
    const text = `OFXHEADER:100\n<OFX>${'<A'.repeat(4 * megabyte)}${'<'.repeat(4 * megabyte)}<B${'x'.repeat(megabyte)}`;
    expectRefusal('extrato.ofx', new TextEncoder().encode(text), 'unreadable');
  });

  it('refuses an OFX with an absurd number of statements or transactions', () => {
    const statements = `OFXHEADER:100\n<OFX>${'<STMTRS></STMTRS>'.repeat(100_000)}</OFX>`;
    expectRefusal('extrato.ofx', new TextEncoder().encode(statements), 'too_large');
    const transactions = `OFXHEADER:100\n<OFX><STMTRS>${'<STMTTRN>'.repeat(300_000)}</STMTRS></OFX>`;
    expectRefusal('extrato.ofx', new TextEncoder().encode(transactions), 'too_large');
  });

  it('refuses a text file renamed .xlsx', () => {
    expectRefusal(
      'extrato.xlsx',
      new TextEncoder().encode('Data;Descrição;Valor\n01/09/2024;PIX;-10,00\n'),
      'unreadable',
    );
  });

  it('refuses a truncated XLSX', () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Data', 'Histórico', 'Valor']]), 'Plan1');
    const bytes = new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    expectRefusal('extrato.xlsx', bytes.subarray(0, Math.floor(bytes.length / 2)), 'unreadable');
  });

  it.each(['extrato.xlsx', 'extrato.xls'])('refuses a password-protected Office file named %s', (fileName) => {
    // Excel saves an encrypted workbook as a compound file with these two streams.
    const container = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(container, 'EncryptionInfo', new Uint8Array([4, 0, 4, 0, 0x40, 0, 0, 0]));
    XLSX.CFB.utils.cfb_add(container, 'EncryptedPackage', new Uint8Array(4096).fill(7));
    const bytes = new Uint8Array(XLSX.CFB.write(container, { type: 'array' }) as ArrayLike<number>);
    expect([...bytes.subarray(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    expectRefusal(fileName, bytes, 'password_protected');
  });

  it('refuses a compound file that is not a workbook', () => {
    const bytes = new Uint8Array(4096);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expectRefusal('extrato.xls', bytes, 'unreadable');
  });

  it.each(['extrato.pdf', 'extrato.csv', 'extrato', 'extrato.ofx.exe', ''])('refuses the name %j', (fileName) => {
    expectRefusal(fileName, new TextEncoder().encode('<OFX></OFX>'), 'invalid_extension');
  });

  it('refuses an empty file', () => {
    expectRefusal('extrato.ofx', new Uint8Array(0), 'unreadable');
  });
});

describe('malformed OFX structure', () => {
  it('stays linear with thousands of unclosed aggregates and stray end tags', () => {
    const body = `${'<STATUS><STMTTRNRS><INVSTMTRS><STMTTRN>'.repeat(40_000)}${'</STMTRS></BANKTRANLIST>'.repeat(100_000)}`;
    const bytes = new TextEncoder().encode(`OFXHEADER:100\n<OFX>${body}</OFX>`);
    expectRefusal('extrato.ofx', bytes, 'not_a_bank_statement');
  });
});
