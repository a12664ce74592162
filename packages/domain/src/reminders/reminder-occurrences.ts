import { z } from 'zod';

/** How a bill reminder repeats: every month, or every year on the same day. */
export const reminderPeriodicities = ['MONTHLY', 'YEARLY'] as const;
export type ReminderPeriodicity = (typeof reminderPeriodicities)[number];

export const invalidPeriodicityMessage = 'Periodicidade inválida: use MONTHLY (todo mês) ou YEARLY (todo ano).';

export const ReminderPeriodicitySchema = z.enum(reminderPeriodicities, { message: invalidPeriodicityMessage });

/** How many occurrences a reminder lists from its first date: three years either way. */
export const occurrenceCounts: Record<ReminderPeriodicity, number> = { MONTHLY: 36, YEARLY: 3 };

const monthsBetweenOccurrences: Record<ReminderPeriodicity, number> = { MONTHLY: 1, YEARLY: 12 };

function countDaysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The day a bill due on `day` falls on in a month ("2027-02-28" for the 31st in February 2027):
 * a day the month does not have falls on its last day. `monthIndex` counts from 0 and may run past
 * 11 or below 0 (13 is February of the next year).
 */
export function findDueDateInMonth(year: number, monthIndex: number, day: number): string {
  const shifted = new Date(Date.UTC(year, monthIndex, 1));
  const dueYear = shifted.getUTCFullYear();
  const dueMonth = shifted.getUTCMonth();
  const dueDay = Math.min(day, countDaysInMonth(dueYear, dueMonth));
  return [
    String(dueYear).padStart(4, '0'),
    String(dueMonth + 1).padStart(2, '0'),
    String(dueDay).padStart(2, '0'),
  ].join('-');
}

/**
 * The days a reminder falls on, from its first date ("2026-01-31", the first occurrence) on.
 * A day the month does not have (the 29th to the 31st) falls on the month's last day, and the next
 * month goes back to the first date's day: 31 January, 28 February, 31 March — a bill due "on the
 * 31st" is due at the end of every shorter month, never drifting earlier. A yearly 29 February
 * falls on 28 February in years that have no 29th.
 */
export function listReminderOccurrences(firstDate: string, periodicity: ReminderPeriodicity): string[] {
  const year = Number(firstDate.slice(0, 4));
  const monthIndex = Number(firstDate.slice(5, 7)) - 1;
  const day = Number(firstDate.slice(8, 10));
  const step = monthsBetweenOccurrences[periodicity];
  return Array.from({ length: occurrenceCounts[periodicity] }, (_, index) =>
    findDueDateInMonth(year, monthIndex + index * step, day),
  );
}
