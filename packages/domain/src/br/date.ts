/** Parses "dd/mm/yyyy" (4-digit year) into "yyyy-mm-dd", or null when it is not a real day. */
export function parseBrazilianDate(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, dayText, monthText, yearText] = match;
  const day = Number(dayText);
  const month = Number(monthText);
  const year = Number(yearText);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yearText}-${monthText}-${dayText}`;
}

/** The day `count` days after (or before, when negative) a day "YYYY-MM-DD". */
export function shiftDay(day: string, count: number): string {
  const shifted = new Date(`${day}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + count);
  return shifted.toISOString().slice(0, 10);
}

/** "2026-11-01" → "01/11/2026" (dd/mm/aaaa); anything else is given back as it came. */
export function formatBrazilianDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** Days outside these years are typing mistakes (and year 0 is no date at all to PostgreSQL). */
export const earliestDayYear = 1900;
export const latestDayYear = 2100;

/**
 * Reads a day as "2026-11-01" or "01/11/2026" into "2026-11-01"; null when it is not a real day
 * (31/02, month 13) or its year is outside 1900–2100.
 */
export function parseDay(text: string): string | null {
  const value = text.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : parseBrazilianDate(value);
  if (!iso) return null;
  const day = new Date(`${iso}T00:00:00Z`);
  // A day that does not exist either rolls over (31/02) or is no date at all (month 13).
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso) return null;
  const year = day.getUTCFullYear();
  return year >= earliestDayYear && year <= latestDayYear ? iso : null;
}

// Made once: building a formatter with a time zone costs far more than using it.
const brazilDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day it is now in Brazil ("2026-11-24"): a due date turns at midnight in Brasília, not in UTC. */
export function findTodayInBrazil(now: Date): string {
  const parts = brazilDayFormat.formatToParts(now);
  const find = (type: string) => parts.find((part) => part.type === type)?.value;
  return `${find('year')}-${find('month')}-${find('day')}`;
}
