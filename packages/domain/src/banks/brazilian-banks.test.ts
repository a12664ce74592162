import { describe, expect, it } from 'vitest';
import { brazilianBanks, findBankByCode, normalizeBankCode } from './brazilian-banks';

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
});
