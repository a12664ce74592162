import { parseBrazilianDate } from '@prumo/domain/br/date';
import { formatCents, readTypedCents } from '@prumo/domain/money/cents';

/** Messages of the line forms' own checks, the same words as the API's. */
export const lineFormMessages = {
  required: 'Este campo é obrigatório',
  invalidAmount: 'Valor inválido',
  invalidDate: 'Data inválida',
};

/** The typed amount in cents, always positive (the flow gives the sign), or null when unreadable. */
export function readPositiveCents(text: string): number | null {
  const cents = readTypedCents(text);
  return cents === null || cents === 0 ? null : Math.abs(cents);
}

/** Cents as a person types them back into the amount field: 123456 → "1.234,56". */
export function formatAmountInput(cents: number): string {
  return formatCents(Math.abs(cents)).replace(/R\$\s?/, '');
}

/** The amount field's own check: required, and readable as non-zero money. */
export function validateLineAmount(value: string): string | null {
  if (!value.trim()) return lineFormMessages.required;
  return readPositiveCents(value) === null ? lineFormMessages.invalidAmount : null;
}

/** The date field's own check: a real day "dd/mm/aaaa" of 1900–2100. */
export function validateLineDate(value: string): string | null {
  return parseBrazilianDate(value) ? null : lineFormMessages.invalidDate;
}
