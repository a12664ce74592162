import { keepDigits } from './digits';

/** "(11) 9999-9999" (14 characters) or "(11) 99999-9999" (15), as the registration mask shows it. */
export function formatPhone(value: string): string {
  const digits = keepDigits(value).slice(0, 11);
  if (digits.length <= 2) return digits.length ? `(${digits}` : '';
  const area = digits.slice(0, 2);
  const rest = digits.slice(2);
  const split = rest.length > 8 ? 5 : 4;
  if (rest.length <= split) return `(${area}) ${rest}`;
  return `(${area}) ${rest.slice(0, split)}-${rest.slice(split)}`;
}
