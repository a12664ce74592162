import { findMonthBounds, shiftMonth } from '../budget/target-month';

/**
 * An account's balance over time. One balance is known — the latest a statement stated or the one
 * the client informed — and every other is derived from it and the lines between: forward by
 * adding the lines after it, backward by taking off the lines up to it.
 */

export interface KnownBalance {
  balanceCents: number;
  /** "YYYY-MM-DD": the balance at the end of that day. */
  date: string;
}

/** One month of an account's lines, split at the known balance's day. */
export interface AccountMonthSums {
  /** "YYYY-MM-01". */
  month: string;
  /** Lines on or before the known balance's day. */
  onOrBeforeKnownCents: number;
  /** Lines after the known balance's day (all of them when no balance is known). */
  afterKnownCents: number;
}

export interface BalancePoint {
  /** "YYYY-MM-DD": a month's last day, today for this month, or the known balance's day. */
  date: string;
  balanceCents: number;
  /** True for the balance a statement stated or the client informed; false for one derived from lines. */
  known: boolean;
}

export interface AccountBalanceHistory {
  /** Today's balance, derived from the known one and the lines since; null when the account has no line and no balance. */
  currentCents: number | null;
  points: BalancePoint[];
}

/**
 * Each month's closing balance from the first month with a line (or the known balance) to today's
 * month, with the known balance among them. Without a known balance the account starts at zero
 * before its first line (a cash wallet the client types), and every point says it is derived.
 * `sums` hold only lines up to today: a scheduled line has not moved the balance yet.
 */
export function computeAccountBalanceHistory(
  known: KnownBalance | null,
  sums: readonly AccountMonthSums[],
  today: string,
): AccountBalanceHistory {
  const byMonth = new Map(sums.map((sum) => [sum.month, sum]));
  const todayMonth = `${today.slice(0, 7)}-01`;
  const knownMonth = known ? `${known.date.slice(0, 7)}-01` : null;
  const months = [...byMonth.keys(), ...(knownMonth ? [knownMonth] : [])].filter((month) => month <= todayMonth);
  const [firstMonth] = months.sort();
  if (firstMonth === undefined) return { currentCents: known ? known.balanceCents : null, points: [] };

  // Lines on or before the known day that come after the month being closed are taken off.
  let laterOnOrBeforeKnown = sums.reduce((total, sum) => total + sum.onOrBeforeKnownCents, 0);
  let afterKnownSoFar = 0;
  const start = known ? known.balanceCents : 0;
  const points: BalancePoint[] = [];
  for (let month = firstMonth; month <= todayMonth; month = shiftMonth(month, 1)) {
    const sum = byMonth.get(month);
    laterOnOrBeforeKnown -= sum?.onOrBeforeKnownCents ?? 0;
    afterKnownSoFar += sum?.afterKnownCents ?? 0;
    const balanceCents = start + afterKnownSoFar - laterOnOrBeforeKnown;
    const monthEnd = month === todayMonth ? today : findMonthBounds(month).end;
    if (known && month === knownMonth && known.date < monthEnd) {
      points.push({ date: known.date, balanceCents: known.balanceCents, known: true });
    }
    const isKnownDay = known !== null && known.date === monthEnd;
    points.push({ date: monthEnd, balanceCents, known: isKnownDay });
  }
  const last = points[points.length - 1];
  return { currentCents: last ? last.balanceCents : null, points };
}
