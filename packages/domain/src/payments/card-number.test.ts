import { describe, expect, it } from 'vitest';
import { detectCardBrand, isValidCardNumber } from './card-number';

describe('card numbers', () => {
  it.each(['4000000000000010', '4000000000000028', '4111111111111111', '5555555555554444', '378282246310005'])(
    'accepts %s',
    (digits) => {
      expect(isValidCardNumber(digits)).toBe(true);
    },
  );
  it.each(['4000000000000011', '1234', '40000000000000100000', '4000 0000 0000 0010', ''])('refuses %s', (digits) => {
    expect(isValidCardNumber(digits)).toBe(false);
  });
  it.each([
    ['4000000000000010', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['2221000000000009', 'Mastercard'],
    ['378282246310005', 'Amex'],
    ['6362970000457013', 'Elo'],
    ['5067230000000000', 'Elo'],
    ['6062825624254001', 'Hipercard'],
    ['36490102462661', 'Diners'],
    ['9000000000000000', null],
  ])('names the brand of %s as %s', (digits, brand) => {
    expect(detectCardBrand(digits)).toBe(brand);
  });
});
