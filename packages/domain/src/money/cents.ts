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
 * Parses a typed amount such as "1.234,56", "-33,3", "R$ 5.326,43" or "1234.56" into cents,
 * digit by digit (never through a float). A comma is the decimal separator when present;
 * otherwise a single dot followed by 1–2 digits at the end is taken as decimal.
 */
export function parseMoneyToCents(text: string): number {
  const trimmed = text.replace(/R\$/i, '').replace(/\s/g, '').trim();
  const match = /^([+-]?)([\d.,]+)$/.exec(trimmed);
  if (!match) throw new MoneyError('Valor inválido');
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2] ?? '';
  let integerPart: string;
  let fractionPart: string;
  const lastComma = body.lastIndexOf(',');
  if (lastComma >= 0) {
    integerPart = body.slice(0, lastComma).replace(/\./g, '');
    fractionPart = body.slice(lastComma + 1);
  } else {
    const lastDot = body.lastIndexOf('.');
    const dotCount = body.split('.').length - 1;
    if (lastDot >= 0 && dotCount === 1 && body.length - lastDot - 1 <= 2) {
      integerPart = body.slice(0, lastDot);
      fractionPart = body.slice(lastDot + 1);
    } else {
      integerPart = body.replace(/\./g, '');
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
