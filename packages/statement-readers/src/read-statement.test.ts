import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectContentKind, readFileExtension } from './detect-file-format';
import { readStatement } from './read-statement';

const fixturesFolder = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');

describe('file names and contents', () => {
  it.each([
    ['extrato.ofx', 'ofx'],
    ['EXTRATO.OFX', 'ofx'],
    ['fatura.qfx', 'qfx'],
    ['extrato.xls', 'xls'],
    ['Extrato Conta.XLSX', 'xlsx'],
    ['extrato.pdf', null],
    ['extrato.xlsx.zip', null],
    ['extrato', null],
  ])('takes the extension of %j as %j', (fileName, extension) => {
    expect(readFileExtension(fileName)).toBe(extension);
  });

  it('tells the format by the content, not by the name', () => {
    const xlsx = readFileSync(path.join(fixturesFolder, 'financeiroLLE__Conciliacao-Extratos/Itau-CC-67890.xlsx'));
    const ofx = readFileSync(path.join(fixturesFolder, 'kamino-company__OfxSharp/itau.ofx'));
    expect(detectContentKind(xlsx)).toBe('zip');
    expect(detectContentKind(ofx)).toBe('ofx');
    expect(readStatement('extrato.ofx', xlsx).format).toBe('xlsx');
    expect(readStatement('extrato.xls', ofx)).toMatchObject({ format: 'ofx', encoding: 'utf-8' });
  });
});
