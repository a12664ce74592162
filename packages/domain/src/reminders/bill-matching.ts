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

/** The merchant words of a typed reminder's title ("Conta da NET" → CONTA, NET): what its lines must hold. */
export function listTitleWords(title: string): string[] {
  return normalizeMerchantName(title).split(' ').filter(Boolean);
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
  const titleWords = listTitleWords(reminder.title);
  if (titleWords.length === 0) return () => false;
  return (lineMerchantKey) => {
    const lineWords = new Set(lineMerchantKey.split(' '));
    return titleWords.every((word) => lineWords.has(word));
  };
}

/**
 * Which lines pay an occurrence (ADR 23): a line from 10 days before its due date (a bill paid
 * early, on payday) to 5 days after (a due date on a weekend or holiday, a bill paid a little late).
 */
export const paymentWindow = { daysBefore: 10, daysAfter: 5 };

/** An expense line that may pay a reminder: `amountCents` is negative. */
export interface PaymentLine {
  id: number;
  date: string;
  amountCents: number;
  merchantKey: string;
}

/** A reminder with its due dates, as the payments are matched to it. */
export interface PayableReminder extends ReminderMatchSource {
  id: number;
  /** The expected amount in positive cents; null when the client does not know it (any amount pays). */
  amountCents: number | null;
  occurrences: readonly string[];
}

/** One due date of a reminder: paid when a line of its merchant arrived about then, by that line. */
export interface PaidOccurrence {
  date: string;
  paid: boolean;
  lineId: number | null;
}

/** The words a reminder matches on: its merchant's first, then the longer titles — the more precise claims a line first. */
function countMatchPrecision(reminder: PayableReminder): number {
  if (reminder.merchantKey) return Number.MAX_SAFE_INTEGER;
  return listTitleWords(reminder.title).length;
}

/**
 * Marks each occurrence of each reminder paid by the nearest matching line in its window (its
 * merchant or title words, and about its amount when the reminder has one). A line pays one
 * occurrence of one reminder at most: a reminder found on its merchant claims its lines before one
 * matched by title words, and a longer title before a shorter one ("Aluguel garagem" before "Aluguel").
 */
export function findPaidOccurrences(
  reminders: readonly PayableReminder[],
  lines: readonly PaymentLine[],
): Map<number, PaidOccurrence[]> {
  const used = new Set<number>();
  const lineDays = new Map(lines.map((line) => [line.id, convertDayToNumber(line.date)]));
  const ordered = [...reminders].sort((a, b) => countMatchPrecision(b) - countMatchPrecision(a) || a.id - b.id);
  const paidByReminder = new Map<number, PaidOccurrence[]>();
  for (const reminder of ordered) {
    const matches = buildReminderMatcher(reminder);
    const candidates = lines.filter(
      (line) =>
        line.amountCents < 0 &&
        matches(line.merchantKey) &&
        (reminder.amountCents === null || isAmountAbout(reminder.amountCents, line.amountCents)),
    );
    const occurrences = reminder.occurrences.map((date): PaidOccurrence => {
      const dueDay = convertDayToNumber(date);
      let nearest: { id: number; distance: number } | null = null;
      for (const line of candidates) {
        if (used.has(line.id)) continue;
        const offset = (lineDays.get(line.id) as number) - dueDay;
        if (offset < -paymentWindow.daysBefore || offset > paymentWindow.daysAfter) continue;
        const distance = Math.abs(offset);
        if (!nearest || distance < nearest.distance || (distance === nearest.distance && line.id < nearest.id)) {
          nearest = { id: line.id, distance };
        }
      }
      if (!nearest) return { date, paid: false, lineId: null };
      used.add(nearest.id);
      return { date, paid: true, lineId: nearest.id };
    });
    paidByReminder.set(reminder.id, occurrences);
  }
  return paidByReminder;
}

/** The first unpaid occurrence on or after `today`, or null when none is left. */
export function findNextUnpaidOccurrence(occurrences: readonly PaidOccurrence[], today: string): string | null {
  return occurrences.find((occurrence) => !occurrence.paid && occurrence.date >= today)?.date ?? null;
}
