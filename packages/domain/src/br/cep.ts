import { keepDigits } from './digits';

export function formatCep(value: string): string {
  const digits = keepDigits(value).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}
