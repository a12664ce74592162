import { keepDigits } from './digits';

export function formatCep(value: string): string {
  const digits = keepDigits(value).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

export const cepMessages = {
  invalid: 'CEP inválido.',
  notFound: 'CEP não encontrado.',
} as const;

/**
 * The 8 digits of a CEP written "01001-000" or "01001000" (spaces around are ignored), or null for
 * anything else: other characters, another length, or 00000-000, which no address has.
 */
export function parseCep(value: string): string | null {
  const match = /^(\d{5})-?(\d{3})$/.exec(value.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2]}`;
  return digits === '00000000' ? null : digits;
}
