import { normalizeMerchantName } from '../categorization/merchant-name';

/**
 * How far a bill's amount may drift and still be the same bill (ADR 23): a quarter of the
 * reference either way — a utility varies from month to month, a subscription charged in another
 * currency moves with the exchange — and never less than R$ 2,00, so a small subscription is not
 * told apart by a price rounding or a tax of a few cents.
 */
export const billAmountBand = { share: 0.25, floorCents: 200 };

const millisecondsInDay = 86_400_000;

/** Whether `amountCents` (an expense line's, either sign) is about `referenceCents` (positive). */
export function isAmountAbout(referenceCents: number, amountCents: number): boolean {
  const allowed = Math.max(referenceCents * billAmountBand.share, billAmountBand.floorCents);
  return Math.abs(Math.abs(amountCents) - referenceCents) <= allowed;
}

/** "2026-01-31" as a count of days, so two days can be subtracted. */
export function convertDayToNumber(day: string): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / millisecondsInDay;
}

/** A count of days (convertDayToNumber's) back to "YYYY-MM-DD". */
export function convertNumberToDay(dayNumber: number): string {
  return new Date(dayNumber * millisecondsInDay).toISOString().slice(0, 10);
}

/** What tells a reminder's lines apart: the merchant it was proposed from, or the words of its title. */
export interface ReminderMatchSource {
  merchantKey: string | null;
  title: string;
}

/**
 * Whether a cash-flow line (by its merchant key) belongs to a reminder. A reminder the recommender
 * proposed matches its own merchant exactly, whatever the client renamed it to. A reminder the client
 * typed matches a line whose merchant key holds every word of the title's key ("Netflix" matches
 * "NETFLIX COM"; "Aluguel" matches "PIX ALUGUEL JOAO"); a title with no merchant word left
 * ("Cartão", "Conta de 10") matches nothing rather than everything.
 */
export function buildReminderMatcher(reminder: ReminderMatchSource): (lineMerchantKey: string) => boolean {
  if (reminder.merchantKey) {
    const merchantKey = reminder.merchantKey;
    return (lineMerchantKey) => lineMerchantKey === merchantKey;
  }
  const titleWords = normalizeMerchantName(reminder.title).split(' ').filter(Boolean);
  if (titleWords.length === 0) return () => false;
  return (lineMerchantKey) => {
    const lineWords = new Set(lineMerchantKey.split(' '));
    return titleWords.every((word) => lineWords.has(word));
  };
}
