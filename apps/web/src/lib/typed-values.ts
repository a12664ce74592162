import { validationMessages } from '@prumo/domain/account/messages';
import { parseBrazilianDate } from '@prumo/domain/br/date';
import { readTypedCents } from '@prumo/domain/money/cents';

/** Cents as a person would type them back: 123450 → "1234,50"; null → "" (an empty field). */
export function formatTypedCents(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

/** A typed amount in cents, zero or more; null when blank or unreadable (the validator says which). */
export function readTypedAmount(text: string): number | null {
  if (!text.trim()) return null;
  const cents = readTypedCents(text);
  return cents !== null && cents >= 0 ? cents : null;
}

interface AmountRule {
  required?: boolean;
  /** Debts: nothing is owed at zero, so zero is no debt. */
  aboveZero?: boolean;
}

/** The message under a money field, or null when it reads as an amount the field takes. */
export function checkTypedAmount(text: string, rule: AmountRule = {}): string | null {
  if (!text.trim()) return rule.required ? validationMessages.required : null;
  const cents = readTypedCents(text);
  if (cents === null) return validationMessages.valueInvalid;
  if (cents < 0) return 'O valor não pode ser negativo.';
  if (rule.aboveZero && cents === 0) return 'O valor deve ser maior que zero.';
  return null;
}

/** The message under a dd/mm/aaaa field, or null for a real day. */
export function checkTypedDate(text: string): string | null {
  if (!text.trim()) return validationMessages.required;
  return parseBrazilianDate(text) ? null : validationMessages.dateInvalid;
}

/** "1,99" or "1.99" → 1.99 (percent); null when it is no number with at most 4 decimals. */
export function readTypedPercent(text: string): number | null {
  const value = text.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,4})?$/.test(value) ? Number(value) : null;
}

/** 1.99 → "1,99": a rate as a person types it back. */
export function formatTypedPercent(percent: number): string {
  return String(percent).replace('.', ',');
}

/** "12" → 12 for a whole number field; null when blank or not a whole number. */
export function readTypedWholeNumber(text: string): number | null {
  const value = text.trim();
  return /^\d{1,4}$/.test(value) ? Number(value) : null;
}
