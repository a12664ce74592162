import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readStatement } from './read-statement';
import { cutShortWarning } from './statement-integrity';
import { StatementReadError, statementReadMessages } from './statement-read-error';

const fixturesFolder = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixtureBytes = (relativePath: string) => readFileSync(path.join(fixturesFolder, relativePath));

function cutInHalf(bytes: Uint8Array): Uint8Array {
  return bytes.subarray(0, Math.floor(bytes.length / 2));
}

describe('a statement cut short', () => {
  it('reads an OFX that stops halfway as incomplete: the lines before the cut, the cut line reported', () => {
    const whole = readStatement('extrato_itau.ofx', readFixtureBytes('adelarcubs__ofxparser/extrato_itau.ofx'));
    const half = readStatement(
      'extrato_itau.ofx',
      cutInHalf(readFixtureBytes('adelarcubs__ofxparser/extrato_itau.ofx')),
    );
    expect(whole.warnings).toEqual([]);
    expect(half.warnings).toEqual([cutShortWarning]);
    const read = half.accounts[0]?.transactions ?? [];
    expect(read.length).toBeGreaterThan(0);
    expect(read.length).toBeLessThan(whole.accounts[0]?.transactions.length ?? 0);
    // What was read is exactly the whole file's first lines: nothing half-read slips in.
    expect(read).toEqual(whole.accounts[0]?.transactions.slice(0, read.length));
    expect(half.skippedRows.at(-1)?.reason).toBe('Lançamento incompleto');
  });

  it('reads an OFX 2 (XML) cut short as incomplete too', () => {
    const bytes = readFixtureBytes('kamino-company__OfxSharp/santander-thousands-separator.ofx');
    expect(readStatement('extrato.ofx', bytes).warnings).toEqual([]);
    const text = new TextDecoder('latin1').decode(bytes);
    // Cut right after the last line: every line is there, the closing tags are not.
    const cut = text.slice(0, text.lastIndexOf('</STMTTRN>') + '</STMTTRN>'.length);
    const half = readStatement('extrato.ofx', new TextEncoder().encode(cut));
    expect(half.warnings).toEqual([cutShortWarning]);
    expect(half.accounts[0]?.transactions).toHaveLength(4);
  });

  it('refuses an XLSX cut in half as unreadable: a zip without its end cannot be read', () => {
    const half = cutInHalf(readFixtureBytes('financeiroLLE__Conciliacao-Extratos/Bradesco-CC-12345.xlsx'));
    let caught: unknown;
    try {
      readStatement('Bradesco-CC-12345.xlsx', half);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(StatementReadError);
    expect((caught as StatementReadError).message).toBe(statementReadMessages.unreadable);
  });
});

describe('balances that disagree with the lines', () => {
  function removeRow(bytes: Uint8Array, description: string): Uint8Array {
    const workbook = XLSX.read(bytes, { type: 'array' });
    const sheetName = workbook.SheetNames[0] as string;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[sheetName] as XLSX.WorkSheet, {
      header: 1,
      raw: true,
      defval: null,
    });
    const kept = rows.filter((row) => !row.includes(description));
    expect(kept.length).toBe(rows.length - 1);
    workbook.Sheets[sheetName] = XLSX.utils.aoa_to_sheet(kept);
    return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType: 'xlsx' }));
  }

  it('flags a spreadsheet whose opening balance plus its lines is not its closing balance', () => {
    const bytes = readFixtureBytes('financeiroLLE__Conciliacao-Extratos/Bradesco-CC-12345.xlsx');
    const whole = readStatement('Bradesco-CC-12345.xlsx', bytes);
    expect(whole.warnings).toEqual([]);
    const [removed] = whole.accounts[0]?.transactions ?? [];
    if (!removed) throw new Error('fixture without lines');
    const missingLine = readStatement('Bradesco-CC-12345.xlsx', removeRow(bytes, removed.description));
    expect(missingLine.accounts[0]?.transactions).toHaveLength(9);
    expect(missingLine.warnings).toHaveLength(1);
    expect(missingLine.warnings[0]).toMatch(
      /^Os saldos do arquivo não batem com os lançamentos: saldo anterior R\$ 8\.500,00 mais os lançamentos \(R\$ [\d.,-]+\) dá R\$ [\d.,-]+, mas o saldo final é R\$ 10\.599,00\. O arquivo parece incompleto\.$/,
    );
  });

  it('flags an OFX whose SALDO ANTERIOR line plus its lines is not its ledger balance', () => {
    const ofx = (ledger: string) =>
      new TextEncoder().encode(
        [
          'OFXHEADER:100',
          'DATA:OFXSGML',
          '',
          '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
          '<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>12345-6</BANKACCTFROM>',
          '<BANKTRANLIST><DTSTART>20240901<DTEND>20240930',
          '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20240901<TRNAMT>1000.00<FITID>1<MEMO>SALDO ANTERIOR</STMTTRN>',
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240902<TRNAMT>-250.50<FITID>2<MEMO>MERCADO</STMTTRN>',
          '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240903<TRNAMT>100.00<FITID>3<MEMO>PIX RECEBIDO</STMTTRN>',
          `</BANKTRANLIST><LEDGERBAL><BALAMT>${ledger}<DTASOF>20240930</LEDGERBAL>`,
          '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
        ].join('\n'),
      );
    expect(readStatement('extrato.ofx', ofx('849.50')).warnings).toEqual([]);
    expect(readStatement('extrato.ofx', ofx('1849.50')).warnings).toEqual([
      'Os saldos do arquivo não batem com os lançamentos: saldo anterior R$ 1.000,00 mais os lançamentos (-R$ 150,50) dá R$ 849,50, mas o saldo final é R$ 1.849,50. O arquivo parece incompleto.',
    ]);
  });
});
