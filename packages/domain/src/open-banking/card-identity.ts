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
 * The digits a card number shows before its mask ("5234" of "5234********5502"; all of a full
 * number); none for a number of four digits, which shows only its end.
 */
function readLeadingDigits(number: string): string {
  const compact = number.trim().replace(/[\s.-]/g, '');
  return compact.length > 4 ? (/^\d+/.exec(compact)?.[0] ?? '') : '';
}

/**
 * Whether two card identities are the same card: the same last four digits, the same leading
 * digits as far as both show them (a Mastercard's "5234…5502" is not a Visa's "4111…5502"), and
 * the same bank when both name one (a file that names no bank meets any bank's card with those digits).
 */
export function isSameCard(
  first: { bankCode: string; accountNumber: string },
  second: { bankCode: string; accountNumber: string },
): boolean {
  const digits = readCardLastDigits(first.accountNumber);
  if (!digits || digits !== readCardLastDigits(second.accountNumber)) return false;
  const firstLeading = readLeadingDigits(first.accountNumber);
  const secondLeading = readLeadingDigits(second.accountNumber);
  // Compared as far as both show them: two full numbers must be equal.
  const shown = Math.min(firstLeading.length, secondLeading.length);
  if (firstLeading.slice(0, shown) !== secondLeading.slice(0, shown)) return false;
  return first.bankCode === '' || second.bankCode === '' || first.bankCode === second.bankCode;
}
