import { describe, expect, it } from 'vitest';
import { brazilianBanks, findBankByCode, findBankNamedIn, normalizeBankCode } from './brazilian-banks';

describe('Brazilian banks', () => {
  it('normalizes codes to 3 digits', () => {
    expect(normalizeBankCode('1')).toBe('001');
    expect(normalizeBankCode('0341')).toBe('341');
    expect(normalizeBankCode('237')).toBe('237');
    expect(normalizeBankCode('')).toBeNull();
  });
  it('finds the bank of a statement code', () => {
    expect(findBankByCode('1')?.name).toBe('Banco do Brasil');
    expect(findBankByCode('0341')?.name).toBe('Itaú Unibanco');
    expect(findBankByCode('260')?.name).toBe('Nubank');
    expect(findBankByCode('999')).toBeNull();
    expect(findBankByCode(null)).toBeNull();
  });
  it('has each code once', () => {
    expect(new Set(brazilianBanks.map((bank) => bank.code)).size).toBe(brazilianBanks.length);
  });
  it('finds the bank a file name names, accents, case and separators aside', () => {
    expect(findBankNamedIn('Bradesco-CC-12345.xlsx')?.code).toBe('237');
    expect(findBankNamedIn('Extrato Itaú maio.xls')?.code).toBe('341');
    expect(findBankNamedIn('extrato_banco_do_brasil_2026.ofx')?.code).toBe('001');
    expect(findBankNamedIn('Fatura C6 Bank.xlsx')?.code).toBe('336');
    expect(findBankNamedIn('NU_2026-10.ofx')?.code).toBe('260');
  });
  it('names no bank from ordinary words, nor when two banks are named', () => {
    expect(findBankNamedIn('meu-caixa-2026-10-01-a-2026-10-31.xlsx')).toBeNull();
    expect(findBankNamedIn('extrato_banco_exemplo.xlsx')).toBeNull();
    expect(findBankNamedIn('extrato-original.xlsx')).toBeNull();
    expect(findBankNamedIn('transferencias bradesco para itau.xlsx')).toBeNull();
  });
});
