import { describe, expect, it } from 'vitest';
import { formatCents, MoneyError, parseMoneyToCents } from './cents';

describe('money in cents', () => {
  it.each([
    ['1.234,56', 123456],
    ['-222,22', -22222],
    ['6000.000,00', 600000000],
    ['-33.3', -3330],
    ['R$ 5.326,43', 532643],
    ['10', 1000],
    ['0,5', 50],
    ['1234.56', 123456],
    ['1.000', 100000],
    ['2,345', 235],
  ])('parses %s as %i cents', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });
  it.each(['', 'abc', '1,2,3x', '--1'])('refuses %s', (text) => {
    expect(() => parseMoneyToCents(text)).toThrow(MoneyError);
  });
  it('formats pt-BR', () => {
    expect(formatCents(123456)).toBe('R$ 1.234,56');
    expect(formatCents(-5)).toBe('-R$ 0,05');
  });
  it('refuses unsafe integers', () => {
    expect(() => formatCents(2 ** 53)).toThrow(MoneyError);
    expect(() => formatCents(1.5)).toThrow(MoneyError);
  });
});
