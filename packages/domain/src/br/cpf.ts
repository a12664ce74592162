import { keepDigits } from './digits';

function computeCheckDigit(digits: string, weightStart: number): number {
  let sum = 0;
  for (let index = 0; index < weightStart - 1; index++) {
    sum += Number(digits[index]) * (weightStart - index);
  }
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** 11 digits, not all the same digit, both check digits right. Mask characters are ignored. */
export function isValidCpf(value: string): boolean {
  const digits = keepDigits(value);
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return computeCheckDigit(digits, 10) === Number(digits[9]) && computeCheckDigit(digits, 11) === Number(digits[10]);
}

export function formatCpf(value: string): string {
  const digits = keepDigits(value).slice(0, 11);
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}
