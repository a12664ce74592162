import { describe, expect, it } from 'vitest';
import {
  checkTypedAmount,
  checkTypedDate,
  formatTypedCents,
  formatTypedPercent,
  readTypedAmount,
  readTypedPercent,
  readTypedWholeNumber,
} from './typed-values';

describe('typed amounts', () => {
  it('writes cents back as a person types them, and an unknown amount as an empty field', () => {
    expect(formatTypedCents(123450)).toBe('1234,50');
    expect(formatTypedCents(5)).toBe('0,05');
    expect(formatTypedCents(null)).toBe('');
  });

  it('reads pt-BR amounts into cents; blank, negative or unreadable text is no amount', () => {
    expect(readTypedAmount('1.234,56')).toBe(123456);
    expect(readTypedAmount('R$ 10')).toBe(1000);
    expect(readTypedAmount('0')).toBe(0);
    expect(readTypedAmount('  ')).toBeNull();
    expect(readTypedAmount('-5,00')).toBeNull();
    expect(readTypedAmount('dez')).toBeNull();
  });

  it('says what is wrong with a money field', () => {
    expect(checkTypedAmount('', { required: true })).toBe('Este campo é obrigatório');
    expect(checkTypedAmount('')).toBeNull();
    expect(checkTypedAmount('abc')).toBe('Valor inválido');
    expect(checkTypedAmount('-1')).toBe('O valor não pode ser negativo.');
    expect(checkTypedAmount('0', { aboveZero: true })).toBe('O valor deve ser maior que zero.');
    expect(checkTypedAmount('0')).toBeNull();
    expect(checkTypedAmount('1.500,00', { required: true, aboveZero: true })).toBeNull();
  });
});

describe('typed dates, rates and counts', () => {
  it('accepts only real dd/mm/aaaa days', () => {
    expect(checkTypedDate('31/01/2026')).toBeNull();
    expect(checkTypedDate('31/02/2026')).toBe('Data inválida');
    expect(checkTypedDate('')).toBe('Este campo é obrigatório');
  });

  it('reads a monthly rate with a comma or a dot, up to 4 decimals', () => {
    expect(readTypedPercent('1,99')).toBe(1.99);
    expect(readTypedPercent('0.0125')).toBe(0.0125);
    expect(readTypedPercent('2')).toBe(2);
    expect(readTypedPercent('1,12345')).toBeNull();
    expect(readTypedPercent('-1')).toBeNull();
    expect(readTypedPercent('')).toBeNull();
    expect(formatTypedPercent(1.99)).toBe('1,99');
  });

  it('reads whole numbers only', () => {
    expect(readTypedWholeNumber(' 12 ')).toBe(12);
    expect(readTypedWholeNumber('1,5')).toBeNull();
    expect(readTypedWholeNumber('')).toBeNull();
  });
});
