/**
 * A budget is for a month, stored and sent as the month's first day ("2026-11-01"). Money rules
 * and screens share these helpers so a month is read and named the same way everywhere.
 */

export const targetMonthNotFound = 'Mês alvo não encontrado';

/** Budgets are for months of this range; anything outside is a typing mistake, not a plan. */
const earliestYear = 2000;
const latestYear = 2100;
/** The first and last months a budget can be for ("YYYY-MM-01"). */
export const earliestTargetMonth = `${earliestYear}-01-01`;
export const latestTargetMonth = `${latestYear}-12-01`;

const brazilTimeZone = 'America/Sao_Paulo';

function buildMonth(year: number, month: number): string | null {
  if (!Number.isInteger(year) || year < earliestYear || year > latestYear) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Reads a target month as "2026-11", "2026-11-15", "11/2026" or "15/11/2026" and answers its first
 * day ("2026-11-01"); null when it is not a real month (or day) between 2000 and 2100.
 */
export function parseTargetMonth(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (match) {
    const [, year, month, day] = match;
    if (day !== undefined && !isRealDay(Number(year), Number(month), Number(day))) return null;
    return buildMonth(Number(year), Number(month));
  }
  match = /^(?:(\d{2})\/)?(\d{2})\/(\d{4})$/.exec(value);
  if (match) {
    const [, day, month, year] = match;
    if (day !== undefined && !isRealDay(Number(year), Number(month), Number(day))) return null;
    return buildMonth(Number(year), Number(month));
  }
  return null;
}

/** The month a day ("2026-11-15") belongs to: "2026-11-01". */
export function findMonthOfDay(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** First and last day of a target month, as the cash-flow filter takes them. */
export function findMonthBounds(targetMonth: string): { start: string; end: string } {
  const year = Number(targetMonth.slice(0, 4));
  const month = Number(targetMonth.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: targetMonth, end: `${targetMonth.slice(0, 7)}-${String(lastDay).padStart(2, '0')}` };
}

// Made once: building a formatter with a time zone costs far more than using it.
const brazilMonthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: brazilTimeZone,
  year: 'numeric',
  month: '2-digit',
});

/** The month it is now in Brazil (a budget's month turns at midnight in Brasília, not in UTC). */
export function findCurrentMonth(now: Date): string {
  const parts = brazilMonthFormat.formatToParts(now);
  const find = (type: string) => parts.find((part) => part.type === type)?.value;
  return `${find('year')}-${find('month')}-01`;
}

/** The month `count` months after (or before, when negative) a target month. */
export function shiftMonth(targetMonth: string, count: number): string {
  const year = Number(targetMonth.slice(0, 4));
  const month = Number(targetMonth.slice(5, 7));
  const shifted = new Date(Date.UTC(year, month - 1 + count, 1));
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

const monthNameFormatter = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "novembro de 2026". */
export function formatMonthName(targetMonth: string): string {
  return monthNameFormatter.format(new Date(`${targetMonth}T00:00:00Z`));
}

/** "Novembro de 2026", for titles. */
export function formatMonthTitle(targetMonth: string): string {
  const name = formatMonthName(targetMonth);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

const monthWordFormatter = new Intl.DateTimeFormat('pt-BR', { month: 'long', timeZone: 'UTC' });

/** "2026-11-05" (any day of the month) → "novembro/2026", as task titles and messages name a month. */
export function formatMonthWithSlash(day: string): string {
  return `${monthWordFormatter.format(new Date(`${day.slice(0, 7)}-01T00:00:00Z`))}/${day.slice(0, 4)}`;
}

/** "11/2026", the MM/YYYY form of a month in the future flow's answers and screens. */
export function formatMonthNumber(targetMonth: string): string {
  return `${targetMonth.slice(5, 7)}/${targetMonth.slice(0, 4)}`;
}
