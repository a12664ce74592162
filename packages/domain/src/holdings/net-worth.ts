import { shiftDay } from '../br/date';

/**
 * Net worth: what the client has (accounts, investments, other balances) less what they owe
 * (debts, card bills not yet paid), on a day.
 */

export interface ValuePoint {
  /** "YYYY-MM-DD". */
  date: string;
  balanceCents: number;
}

/** The latest value on or before the day (0 before the first one: the holding did not exist yet). */
export function findValueOnDay(points: readonly ValuePoint[], day: string): number {
  let found: ValuePoint | null = null;
  for (const point of points) {
    if (point.date <= day && (found === null || point.date > found.date)) found = point;
  }
  return found?.balanceCents ?? 0;
}

export interface OwedBill {
  closingDate: string;
  amountCents: number;
  paidOn: string | null;
}

/** A bill's period is a month: a bill closing later than this after a day was not open on it yet. */
const longestBillPeriodDays = 31;

/**
 * What a card owed at the end of a day: its bills closed by then and not paid by then, and the bill
 * open that day (the first one closing on or after it, within a month). Today, that is its open and
 * closed bills not yet paid — what the card's balance says.
 */
export function sumCardOwedOnDay(bills: readonly OwedBill[], day: string): number {
  const latestOpenClosing = shiftDay(day, longestBillPeriodDays);
  const openClosing = bills
    .map((bill) => bill.closingDate)
    .filter((closingDate) => closingDate >= day && closingDate <= latestOpenClosing)
    .sort()[0];
  return bills
    .filter((bill) => bill.paidOn === null || bill.paidOn > day)
    .filter((bill) => bill.closingDate < day || bill.closingDate === openClosing)
    .reduce((total, bill) => total + bill.amountCents, 0);
}

export interface NetWorthParts {
  accountsCents: number;
  investmentsCents: number;
  otherBalancesCents: number;
  /** Owed, positive. */
  debtsCents: number;
  /** Owed, positive. */
  cardBillsCents: number;
}

export function computeNetWorth(parts: NetWorthParts): number {
  return (
    parts.accountsCents + parts.investmentsCents + parts.otherBalancesCents - parts.debtsCents - parts.cardBillsCents
  );
}
