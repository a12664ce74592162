import { z } from 'zod';
import { parseDay, shiftDay } from '../br/date';
import { staleImportDays } from '../clients/client-attention';
import type { PlanAmounts } from '../payments/plan-rules';
import { computePeriodChargeCents } from '../payments/subscription-schemas';

/**
 * The manager's indicators (ADR 36): the organization's and each planner's figures over a period.
 * The figures themselves are SQL aggregates over the real tables; these are the rules they share
 * with the screen: the period, the shares and the monthly recurring revenue.
 */

/** Five years: enough to compare years, short enough that the figures stay one read each. */
export const maximumIndicatorYears = 5;

export const indicatorPeriodMessages = {
  required: 'Este campo é obrigatório',
  invalid: 'Data inválida',
  endBeforeStart: 'A data final deve ser igual ou posterior à inicial.',
  tooLong: `O período pode ter no máximo ${maximumIndicatorYears} anos.`,
} as const;

const PeriodDaySchema = z.string({ error: indicatorPeriodMessages.required }).transform((value, context) => {
  const day = parseDay(value);
  if (!day) {
    context.addIssue({ code: 'custom', message: indicatorPeriodMessages.invalid });
    return z.NEVER;
  }
  return day;
});

/** The same day `years` years later ("YYYY-MM-DD"); 29 February becomes 28 February in a common year. */
function shiftYears(day: string, years: number): string {
  const year = Number(day.slice(0, 4)) + years;
  const shifted = `${String(year).padStart(4, '0')}${day.slice(4)}`;
  return day.endsWith('-02-29') && !isLeapYear(year) ? `${shifted.slice(0, 8)}28` : shifted;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * indicators/?start=&end=: days as "2026-01-01" or "01/01/2026", the end on or after the start, and
 * at most five years from one to the other (a period ending on the start's day five years later is
 * the longest).
 */
export const IndicatorPeriodQuerySchema = z
  .object({ start: PeriodDaySchema, end: PeriodDaySchema })
  .superRefine((period, context) => {
    if (period.end < period.start) {
      context.addIssue({ code: 'custom', message: indicatorPeriodMessages.endBeforeStart, path: ['end'] });
    } else if (period.end > shiftYears(period.start, maximumIndicatorYears)) {
      context.addIssue({ code: 'custom', message: indicatorPeriodMessages.tooLong, path: ['end'] });
    }
  });
export type IndicatorPeriod = z.output<typeof IndicatorPeriodQuerySchema>;

/**
 * The day the "as of" figures are read on (active clients, recent imports, the budget's month, the
 * recurring revenue): the period's end, or today when the period runs into the future.
 */
export function findIndicatorReferenceDay(period: IndicatorPeriod, today: string): string {
  return period.end < today ? period.end : today;
}

/**
 * The first day of the "imported in the last 30 days" window ending on `referenceDay`: the same
 * 30 days as the planner's "Sem importação há 30 dias" filter (a client imported less than 30 days
 * ago is recent).
 */
export function findRecentImportStart(referenceDay: string): string {
  return shiftDay(referenceDay, -(staleImportDays - 1));
}

/** `part` as a percentage of `whole`, to one decimal (33.3); null when there is nothing to divide. */
export function computeSharePercent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part * 1000) / whole) / 10;
}

export interface RecurringSubscription extends PlanAmounts {
  service_months: number;
  /** Periods paid by the reference day (refunded charges aside). */
  paidPeriods: number;
}

/**
 * Monthly recurring revenue, in cents: what each subscription's period in progress costs — the plan's
 * total while the services are still charged, then platform plus recurrent (the subscriptions' own
 * rule, `computePeriodChargeCents`). Every period is a month (ADR 28).
 */
export function computeMonthlyRecurringCents(subscriptions: readonly RecurringSubscription[]): number {
  return subscriptions.reduce(
    (total, subscription) => total + computePeriodChargeCents(subscription, Math.max(subscription.paidPeriods - 1, 0)),
    0,
  );
}
