/** Fresh, valid personal data for sign-ups, so a test never collides with an earlier run or test. */

function computeCpfCheckDigit(digits: readonly number[]): number {
  const weightStart = digits.length + 1;
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const remainder = (sum * 10) % 11;
  return remainder === 10 ? 0 : remainder;
}

/** A valid CPF, formatted ###.###.###-## (not all digits equal). */
export function createCpf(): string {
  let base: number[];
  do {
    base = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  } while (base.every((digit) => digit === base[0]));
  const first = computeCpfCheckDigit(base);
  const second = computeCpfCheckDigit([...base, first]);
  const digits = [...base, first, second].join('');
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** An e-mail address nobody has used yet. */
export function createEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemplo.com.br`;
}
