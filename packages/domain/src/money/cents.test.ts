import { describe, expect, it } from 'vitest';
import {
  convertNumberToCents,
  formatCents,
  MoneyError,
  parseMoneyToCents,
  readSummedCents,
  readTypedCents,
} from './cents';

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
  it.each([
    ['1,234.56', 123456],
    ['-1,234,567.89', -123456789],
    ['R$\u00a05.326,43', 532643],
    ['            -11.11', -1111],
    ['-5800.000,00', -580000000],
  ])('parses %s as %i cents with either separator', (text, cents) => {
    expect(parseMoneyToCents(text)).toBe(cents);
  });
  it.each([
    ['-30.000', -3000],
    ['-3.77000', -377],
    ['+00000000000000.2400', 24],
    ['-33.3', -3330],
    ['-140', -14000],
    ['6000.000,00', 600000000],
    ['0.005', 1],
    ['-0.005', -1],
  ])('parses machine-written %s as %i cents when a dot is always decimal', (text, cents) => {
    expect(parseMoneyToCents(text, { dotIsDecimal: true })).toBe(cents);
  });
  it.each([
    ['-0.00', 0],
    ['+5', 500],
    ['1234,5', 123450],
    ['-9999999999999.99', -999999999999999],
    ['1.', 100],
    ['.5', 50],
  ])('parses the plain amount %s as %i cents', (text, cents) => {
    expect(Object.is(parseMoneyToCents(text), cents)).toBe(true);
  });
  it.each(['$120', '1.2.3,4,5', ''])('refuses machine-written %s', (text) => {
    expect(() => parseMoneyToCents(text, { dotIsDecimal: true })).toThrow(MoneyError);
  });
  it.each([
    [-800.5, -80050],
    [0.1 + 0.2, 30],
    [1.005, 101],
    [8500, 850000],
    [1e-7, 0],
    [-0, 0],
  ])('converts the cell number %d to %i cents', (value, cents) => {
    expect(convertNumberToCents(value)).toBe(cents);
  });
  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e21])('refuses the cell number %d', (value) => {
    expect(() => convertNumberToCents(value)).toThrow(MoneyError);
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

describe('sums of cents from the database', () => {
  it('reads the text PostgreSQL sends for a SUM, and none as zero', () => {
    expect(readSummedCents('-123456')).toBe(-123456);
    expect(readSummedCents('9007199254740991')).toBe(9007199254740991);
    expect(readSummedCents(null)).toBe(0);
    expect(readSummedCents(42)).toBe(42);
  });

  it('fails instead of rounding a sum beyond the safe-integer range', () => {
    expect(() => readSummedCents('18014398509481982')).toThrow(MoneyError);
    expect(() => readSummedCents('-9007199254740993')).toThrow(MoneyError);
    expect(() => readSummedCents('1.5')).toThrow(MoneyError);
  });
});

describe('what a person types in a money field', () => {
  it('reads comma decimals into cents, and gives null for what is not an amount', () => {
    expect(readTypedCents(' 1.234,56 ')).toBe(123_456);
    expect(readTypedCents('350,5')).toBe(35_050);
    expect(readTypedCents('-50,00')).toBe(-5_000);
    expect(readTypedCents('doze reais')).toBeNull();
    expect(readTypedCents('')).toBeNull();
  });
});
