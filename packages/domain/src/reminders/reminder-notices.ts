import { formatBrazilianDate } from '../br/date';
import { convertDayToNumber, convertNumberToDay, type PaidOccurrence } from './bill-matching';

/**
 * How many days before its due date a bill is reminded (ADR 23): three, time to pay a boleto or
 * move money before a due date on a Monday, without a reminder so early it is forgotten again.
 */
export const reminderNoticeDaysBefore = 3;

/** The last due day a reminder sent today covers: `today` plus the days before. */
export function findLastDayToRemind(today: string): string {
  return convertNumberToDay(convertDayToNumber(today) + reminderNoticeDaysBefore);
}

/**
 * The occurrences to remind today: unpaid, due from today to three days ahead. A day the daily job
 * missed, or a reminder made two days before its date, is still reminded on a later day of the
 * window; the caller keeps each one from being sent twice.
 */
export function findOccurrencesToRemind(occurrences: readonly PaidOccurrence[], today: string): string[] {
  const lastDay = findLastDayToRemind(today);
  return occurrences
    .filter((occurrence) => !occurrence.paid && occurrence.date >= today && occurrence.date <= lastDay)
    .map((occurrence) => occurrence.date);
}

/** When a bill is due, as a reminder says it: "hoje", "amanhã", "em 3 dias (18/11/2026)". */
export function describeDueDay(dueDate: string, today: string): string {
  const days = convertDayToNumber(dueDate) - convertDayToNumber(today);
  if (days === 0) return 'hoje';
  if (days === 1) return 'amanhã';
  return `em ${days} dias (${formatBrazilianDate(dueDate)})`;
}
