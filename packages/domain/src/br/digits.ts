export function keepDigits(value: string): string {
  return value.replace(/\D/g, '');
}
