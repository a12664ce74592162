/** Builds "YYYY-MM-DD" from numbers, or null when the day does not exist (20120231). */
export function formatCalendarDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1900 || year > 2999) return null;
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (!Number.isInteger(day) || day < 1 || day > countDaysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function countDaysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * OFX dates are "YYYYMMDD[HHMMSS[.XXX]][offset:label]". The day printed is the bank's day, so
 * the time and the offset are ignored: 20240901120000[-3:BRT] is 2024-09-01 whatever the label.
 * Some banks (PagBank's DTASOF) write "dd/mm/yyyy" instead, which is read too.
 */
export function parseOfxDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim();
  const compactDate = readCompactDigits(trimmed);
  if (compactDate !== null) return formatCompactDate(compactDate);
  return parseDayMonthYear(trimmed);
}

/** The leading "YYYYMMDD" as a number, read on character codes: big files carry one date per row. */
function readCompactDigits(text: string): number | null {
  if (text.length < 8) return null;
  let value = 0;
  for (let index = 0; index < 8; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  return value;
}

const compactDateCache = new Map<number, string | null>();

function formatCompactDate(compactDate: number): string | null {
  const cached = compactDateCache.get(compactDate);
  if (cached !== undefined) return cached;
  const formatted = formatCalendarDate(
    Math.floor(compactDate / 10_000),
    Math.floor(compactDate / 100) % 100,
    compactDate % 100,
  );
  // Bounded: a hostile file could otherwise fill the cache with distinct dates.
  if (compactDateCache.size < 10_000) compactDateCache.set(compactDate, formatted);
  return formatted;
}

/** "dd/mm/yyyy", "d/m/yy", "dd-mm-yyyy", "dd.mm.yyyy" (optionally followed by a time) or ISO "yyyy-mm-dd". */
export function parseDayMonthYear(text: string): string | null {
  const trimmed = text.trim();
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$/.exec(trimmed);
  if (dayFirst) {
    const yearText = dayFirst[3] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    return formatCalendarDate(year, Number(dayFirst[2]), Number(dayFirst[1]));
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(trimmed);
  if (iso) return formatCalendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return null;
}

const millisecondsPerDay = 86_400_000;
// Day 0 of Excel's 1900 system (with its fictitious 29 Feb 1900 folded in) and of the 1904 system.
const excelEpoch1900 = Date.UTC(1899, 11, 30);
const excelEpoch1904 = Date.UTC(1904, 0, 1);

/** Excel serial day (46146, maybe with a time fraction) to "YYYY-MM-DD", whole days only, in UTC. */
export function convertSerialToDate(serial: number, uses1904DateSystem = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return null;
  const epoch = uses1904DateSystem ? excelEpoch1904 : excelEpoch1900;
  const date = new Date(epoch + Math.floor(serial) * millisecondsPerDay);
  return formatCalendarDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}
