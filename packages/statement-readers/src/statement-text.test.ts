import { describe, expect, it } from 'vitest';
import { decodeStatementText, decodeWindows1252 } from './decode-statement-text';
import {
  collapseWhitespace,
  decodeTextEntities,
  fixBackslashHexEscapes,
  isBalanceDescription,
  isFutureSectionTitle,
} from './statement-text';

describe('encoding detection', () => {
  it.each([
    [[0x41, 0x42], 'utf-8', 'AB'],
    [[0x43, 0xc3, 0xa9], 'utf-8', 'Cé'],
    [[0x43, 0xe9], 'windows-1252', 'Cé'],
    [[0x80, 0x20, 0x97, 0x20, 0x93, 0x4f, 0x4b, 0x94], 'windows-1252', '€ — “OK”'],
    [[0xc7, 0xc3, 0x4f], 'windows-1252', 'ÇÃO'],
  ])('decodes %j as %s', (bytes, encoding, text) => {
    expect(decodeStatementText(Uint8Array.from(bytes))).toEqual({ text, encoding });
  });

  it('maps every 0x80–0x9F byte the windows-1252 way', () => {
    const decoded = decodeWindows1252(Uint8Array.from({ length: 32 }, (_, index) => 0x80 + index));
    expect(decoded).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
  });
});

describe('statement text', () => {
  it.each([
    ['B.C. HYDRO &amp; POWER', 'B.C. HYDRO & POWER'],
    ['TPAY &amp;lt;DEFTPYMT&amp;gt;', 'TPAY <DEFTPYMT>'],
    ['Amazon & Cloud', 'Amazon & Cloud'],
    ['S&atilde;o Jo&#227;o &#xC9;', 'São João É'],
    ['&lol9; &#0; &#xD800;', '&lol9; &#0; &#xD800;'],
  ])('decodes the entities of %j', (text, decoded) => {
    expect(decodeTextEntities(text)).toBe(decoded);
  });

  it('rewrites Banco Inter backslash escapes of accented letters only', () => {
    expect(fixBackslashHexEscapes('CERTID\\C3O \\E7 C:\\12')).toBe('CERTIDÃO ç C:\\12');
  });

  it('collapses whitespace, line breaks and no-break spaces', () => {
    expect(collapseWhitespace('  INT TED D   131231\r\n  FIM\u00a0 ')).toBe('INT TED D 131231 FIM');
  });

  it('counts control characters (a NUL PostgreSQL refuses in text) as spaces', () => {
    expect(collapseWhitespace('PIX\u0000 MERCADO\u0007\u001f X\u0000')).toBe('PIX MERCADO X');
    expect(collapseWhitespace('\u0000')).toBe('');
  });

  it.each([
    ['Saldo Anterior', true],
    ['SALDO DO DIA', true],
    ['S A L D O', true],
    ['SDO CTA/APL AUTOMATICAS', true],
    ['Saldo', true],
    ['  sáldo anterior', true],
    ['S\tA L D O', true],
    ['Sdo cta ant', true],
    ['SUPERMERCADO DIA', false],
    ['SALARIO EMPRESA', false],
    ['S', false],
    ['SALDOS', false],
    ['PAGAMENTO SALDO DEVEDOR', false],
    ['Transferência Agendada', false],
  ])('takes %j for a balance line: %s', (text, isBalance) => {
    expect(isBalanceDescription(text)).toBe(isBalance);
  });

  it.each([
    ['Lançamentos futuros', true],
    ['LANCAMENTOS FUTUROS - DEBITOS', true],
    ['Movimientos programados', true],
    ['Lançamentos do período', false],
  ])('takes %j for a future section title: %s', (text, isFuture) => {
    expect(isFutureSectionTitle(text)).toBe(isFuture);
  });
});
