import {
  earliestTargetMonth,
  findCurrentMonth,
  latestTargetMonth,
  parseTargetMonth,
  shiftMonth,
} from '../budget/target-month';

/**
 * The months a future flow shows. Without dates, from two months ago to twelve months ahead of
 * the current month in Brasília: the recent past to compare with, a year to plan.
 */
export const defaultMonthsBefore = 2;
export const defaultMonthsAfter = 12;
/** Five years: beyond that a monthly projection says nothing useful, and the answer grows for nothing. */
export const maximumRangeMonths = 60;

export const futureFlowRangeMessages = {
  monthNotFound: 'Mês alvo não encontrado',
  endBeforeStart: 'A data final deve ser igual ou posterior à inicial.',
  rangeTooLong: `O período pode ter no máximo ${maximumRangeMonths} meses.`,
};

export interface MonthRange {
  /** First day of the first month ("2026-09-01"). */
  startMonth: string;
  /** First day of the last month. */
  endMonth: string;
}

export type MonthRangeResult =
  | ({ ok: true } & MonthRange)
  | { ok: false; field: 'startDate' | 'endDate'; message: string };

/** How many months from `startMonth` to `endMonth`, both counted ("2026-01-01" to "2026-12-01" is 12). */
export function countMonths(startMonth: string, endMonth: string): number {
  const start = Number(startMonth.slice(0, 4)) * 12 + Number(startMonth.slice(5, 7));
  const end = Number(endMonth.slice(0, 4)) * 12 + Number(endMonth.slice(5, 7));
  return end - start + 1;
}

/** Every month from `startMonth` to `endMonth`, as first days. */
export function listMonths(startMonth: string, endMonth: string): string[] {
  const count = countMonths(startMonth, endMonth);
  return Array.from({ length: Math.max(count, 0) }, (_, index) => shiftMonth(startMonth, index));
}

/**
 * Reads `startDate` and `endDate` (any form of a month: "2026-11", "11/2026", a day of it). One
 * alone keeps the default window's length (15 months) from it; neither gives the default window.
 */
export function resolveMonthRange(input: { startDate?: string; endDate?: string }, now: Date): MonthRangeResult {
  const windowLength = defaultMonthsBefore + defaultMonthsAfter + 1;
  const read = (text: string | undefined) =>
    text === undefined || text.trim() === '' ? undefined : parseTargetMonth(text);
  const typedStart = read(input.startDate);
  const typedEnd = read(input.endDate);
  if (typedStart === null) return { ok: false, field: 'startDate', message: futureFlowRangeMessages.monthNotFound };
  if (typedEnd === null) return { ok: false, field: 'endDate', message: futureFlowRangeMessages.monthNotFound };
  const currentMonth = findCurrentMonth(now);
  let startMonth: string;
  let endMonth: string;
  if (typedStart && typedEnd) [startMonth, endMonth] = [typedStart, typedEnd];
  else if (typedStart) [startMonth, endMonth] = [typedStart, shiftMonth(typedStart, windowLength - 1)];
  else if (typedEnd) [startMonth, endMonth] = [shiftMonth(typedEnd, -(windowLength - 1)), typedEnd];
  else
    [startMonth, endMonth] = [
      shiftMonth(currentMonth, -defaultMonthsBefore),
      shiftMonth(currentMonth, defaultMonthsAfter),
    ];
  // A window grown from one typed end stops at the months budgets can be for (2000–2100).
  if (startMonth < earliestTargetMonth) startMonth = earliestTargetMonth;
  if (endMonth > latestTargetMonth) endMonth = latestTargetMonth;
  if (endMonth < startMonth) return { ok: false, field: 'endDate', message: futureFlowRangeMessages.endBeforeStart };
  if (countMonths(startMonth, endMonth) > maximumRangeMonths) {
    return { ok: false, field: 'endDate', message: futureFlowRangeMessages.rangeTooLong };
  }
  return { ok: true, startMonth, endMonth };
}
