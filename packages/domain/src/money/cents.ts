/**
 * Money is integer cents everywhere; these helpers are the only place where text or
 * decimal numbers become cents and back, so rounding happens once, at the edge.
 */

export class MoneyError extends Error {}

export function assertSafeCents(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents)) {
    throw new MoneyError(`Valor fora do limite: ${amountCents}`);
  }
  return amountCents;
}

/**
 * Largest amount of one cash-flow line a person types: R$ 1 billion, as a budget item's. With it,
 * about 90 000 such lines are needed before a sum leaves the safe-integer range; `readSummedCents`
 * catches what the cap alone cannot promise (imported lines, many of them).
 */
export const maximumLineCents = 100_000_000_000;

/**
 * A SUM of bigint cents, which PostgreSQL sends as text, as a number. Beyond
 * Number.MAX_SAFE_INTEGER it throws instead of answering a rounded, wrong amount.
 */
export function readSummedCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  const text = String(value);
  if (!/^-?\d+$/.test(text)) throw new MoneyError(`Soma de centavos inválida: ${text}`);
  return assertSafeCents(Number(text));
}

export interface ParseMoneyOptions {
  /**
   * For machine-written amounts (OFX): with no comma, a dot is always the decimal separator,
   * so "-30.000" is thirty. Typed amounts keep reading "1.000" as one thousand.
   */
  dotIsDecimal?: boolean;
}

/**
 * Parses an amount such as "1.234,56", "-33,3", "R$ 5.326,43", "1234.56", "1,234.56" or a padded
 * "+00000000000000.2400" into cents, digit by digit (never through a float). When both separators
 * appear, the rightmost one is the decimal separator; a comma alone is decimal; a single dot followed
 * by 1–2 digits at the end is decimal (any single dot with `dotIsDecimal`). Digits past the second
 * decimal round half away from zero.
 */
export function parseMoneyToCents(text: string, options: ParseMoneyOptions = {}): number {
  const plainCents = readPlainCents(text);
  if (plainCents !== null) return plainCents;
  const trimmed = /[rR$\s]/.test(text) ? text.replace(/R\$/i, '').replace(/\s/g, '') : text;
  const match = /^([+-]?)([\d.,]+)$/.exec(trimmed);
  if (!match) throw new MoneyError('Valor inválido');
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2] ?? '';
  let integerPart: string;
  let fractionPart: string;
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  if (lastComma >= 0 && lastDot > lastComma) {
    integerPart = body.slice(0, lastDot).replace(/,/g, '');
    fractionPart = body.slice(lastDot + 1);
  } else if (lastComma >= 0) {
    integerPart = body.slice(0, lastComma).replace(/\./g, '');
    fractionPart = body.slice(lastComma + 1);
  } else {
    const hasSingleDot = lastDot >= 0 && body.indexOf('.') === lastDot;
    const decimalsAfterDot = body.length - lastDot - 1;
    if (hasSingleDot && (options.dotIsDecimal || decimalsAfterDot <= 2)) {
      integerPart = body.slice(0, lastDot);
      fractionPart = body.slice(lastDot + 1);
    } else {
      integerPart = lastDot >= 0 ? body.replace(/\./g, '') : body;
      fractionPart = '';
    }
  }
  if (!/^\d*$/.test(integerPart) || !/^\d*$/.test(fractionPart) || integerPart + fractionPart === '') {
    throw new MoneyError('Valor inválido');
  }
  const paddedFraction = `${fractionPart}00`;
  const centsText = `${integerPart || '0'}${paddedFraction.slice(0, 2)}`;
  let cents = Number(centsText);
  // Half-up rounding on the third decimal, done on digits.
  if (Number(paddedFraction[2] ?? '0') >= 5) cents += 1;
  return assertSafeCents(sign * cents);
}

/** What a person typed in a money field, in cents; null when it is not an amount (the form says so). */
export function readTypedCents(text: string): number | null {
  try {
    return parseMoneyToCents(text.trim());
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/**
 * The common shape "-1234.56" / "1234,5" / "1234" (no spaces, no thousands, at most 2 decimals) read
 * on character codes; null for anything else. Statement files carry one amount per row, so this
 * spares the general path's strings on big files, with the same result.
 */
function readPlainCents(text: string): number | null {
  const length = text.length;
  let index = 0;
  let sign = 1;
  const first = text.charCodeAt(0);
  if (first === 45 || first === 43) {
    sign = first === 45 ? -1 : 1;
    index = 1;
  }
  let integer = 0;
  let integerDigits = 0;
  while (index < length) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) break;
    integer = integer * 10 + digit;
    integerDigits++;
    index++;
  }
  if (integerDigits === 0 || integerDigits > 13) return null;
  let fraction = 0;
  if (index < length) {
    const separator = text.charCodeAt(index);
    if (separator !== 46 && separator !== 44) return null;
    const decimals = length - index - 1;
    if (decimals < 1 || decimals > 2) return null;
    for (let position = index + 1; position < length; position++) {
      const digit = text.charCodeAt(position) - 48;
      if (digit < 0 || digit > 9) return null;
      fraction = fraction * 10 + digit;
    }
    if (decimals === 1) fraction *= 10;
  }
  return sign * (integer * 100 + fraction) || 0;
}

/**
 * Converts a number read from a spreadsheet cell (e.g. -800.5) into cents. The shortest text that
 * reads back as the same double is what the person typed, so the digits of that text are rounded,
 * not the binary expansion (1.005 becomes 101 cents, not 100).
 */
export function convertNumberToCents(value: number): number {
  if (!Number.isFinite(value)) throw new MoneyError('Valor inválido');
  const shortestText = String(value);
  // Exponent forms ("1e-7") have no thousands to confuse; toFixed writes them out in plain digits.
  const plainText = /e/i.test(shortestText) ? value.toFixed(20) : shortestText;
  return parseMoneyToCents(plainText, { dotIsDecimal: true });
}

const brlFormatter = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "R$ 1.234,56" — with a normal space, so that screens and tests compare plainly. */
export function formatCents(amountCents: number): string {
  assertSafeCents(amountCents);
  return brlFormatter.format(amountCents / 100).replace(/\u00a0/g, ' ');
}
