/**
 * A credit card as two sources name it: a statement file gives its number in full, masked
 * ("5234********5502") or not at all (Nubank's files name the card by a UUID), and often no bank; a
 * bank connection gives the bank and the last four digits. One card is the same account whichever
 * brought it first, so its lines meet and count once (ADR 44).
 */

/** Digits and the masks banks print over them: what a card number may look like. */
const cardNumberPattern = /^[\d*xX•. -]+$/;

/** The card's last four digits, or null when `number` is not a card number (a UUID, a name, fewer digits). */
export function readCardLastDigits(number: string): string | null {
  const trimmed = number.trim();
  if (!cardNumberPattern.test(trimmed)) return null;
  const lastDigits = /(\d{4})$/.exec(trimmed.replace(/[\s.-]/g, ''));
  return lastDigits?.[1] ?? null;
}

/**
 * Whether two card identities are the same card: the same last four digits, and the same bank
 * when both name one (a file that names no bank meets any bank's card with those digits).
 */
export function isSameCard(
  first: { bankCode: string; accountNumber: string },
  second: { bankCode: string; accountNumber: string },
): boolean {
  const digits = readCardLastDigits(first.accountNumber);
  if (!digits || digits !== readCardLastDigits(second.accountNumber)) return false;
  return first.bankCode === '' || second.bankCode === '' || first.bankCode === second.bankCode;
}
