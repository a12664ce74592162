import { convertDayToNumber, isAmountAbout } from './bill-matching';
import { findDueDateInMonth } from './reminder-occurrences';

/**
 * Which expense lines look like a monthly bill (ADR 23): the same merchant, charged about the same
 * day of the month and about the same amount, in three or more months. The caller gives the
 * client's expense lines of the last `lookbackMonths` (no ignored lines, no own transfers, no lines
 * of ignored accounts); card purchases count on their purchase day, the day a subscription is charged.
 */
export const recurringBillRules = {
  /** The window of lines read: a year shows a monthly bill a dozen times. */
  lookbackMonths: 12,
  /** Fewer months are a coincidence (two purchases at the same shop). */
  minimumMonths: 3,
  /** A line counts for a month when it is at most this many days from the due day (weekends, holidays, month ends). */
  dayTolerance: 5,
  /** A merchant with more lines a month than this (a supermarket, rides) is shopping, not a bill. */
  maximumLinesPerMonth: 4,
  /** The months found over the months from the first to the last: a bill paid every other month is not monthly. */
  minimumRegularity: 2 / 3,
  /** A series whose last line is older than this stopped (a cancelled subscription): one missed month is allowed. */
  maximumDaysSinceLast: 62,
  /** Reminder titles are at most 120 characters (ADR 19). */
  maximumTitleLength: 120,
};

/** An expense line as the recommender reads it: `amountCents` is negative. */
export interface ExpenseLine {
  id: number;
  /** The day the line happened ("YYYY-MM-DD"); for a card purchase, the purchase day. */
  date: string;
  amountCents: number;
  name: string;
  merchantKey: string;
}

/** A bill found in the lines: what a proposed reminder is made of. */
export interface RecurringBill {
  merchantKey: string;
  /** The latest line's name, as the client reads it in the cash flow. */
  title: string;
  /** The day of the month it is due (a day a month lacks falls on its last day). */
  dueDay: number;
  /** The typical amount: the median of the lines found, in positive cents. */
  amountCents: number;
  /** The first due date from `today` on, after the last month found. */
  nextDueDate: string;
  /**
   * The reminder's first date: the next due date, unless that month is too short for the due day
   * (30 November for the 31st); then the last month before it that has the day, so the reminder's
   * occurrences keep the 31st (ADR 19 reads every occurrence off the first date's day).
   */
  reminderDate: string;
  monthsFound: number;
  /** The lines that made the series, one a month, oldest first. */
  lineIds: number[];
}

interface Series {
  dueDay: number;
  /** Month number (year × 12 + month index) → the line counted for it and its distance from the due date. */
  byMonth: Map<number, { line: ExpenseLine; distance: number }>;
  totalDistance: number;
}

function countMonthNumber(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}

function findDueDateOfMonthNumber(monthNumber: number, dueDay: number): string {
  return findDueDateInMonth(Math.floor(monthNumber / 12), monthNumber % 12, dueDay);
}

/** The median of positive cents, rounded to the cent. */
function findMedianCents(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] as number;
  return Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

/** Where a line falls for a due day: the month it counts for and how many days it is from that month's due date. */
interface Placement {
  month: number;
  distance: number;
}

/** The due date of `dueDay` in a month number, as a day number (a day the month lacks falls on its last day). */
function countDueDayNumber(monthNumber: number, dueDay: number): number {
  const year = Math.floor(monthNumber / 12);
  const monthIndex = monthNumber % 12;
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return Date.UTC(year, monthIndex, Math.min(dueDay, daysInMonth)) / 86_400_000;
}

/** A line's day and month as numbers, read once: its placement is tried for 31 due days. */
interface LineDays {
  day: number;
  month: number;
}

/**
 * Due dates as day numbers by month number and due day, computed once per month and day asked
 * for: the placements ask for the same few months' dates thousands of times.
 */
function createDueDayNumbers(): (monthNumber: number, dueDay: number) => number {
  const known = new Map<number, number>();
  return (monthNumber, dueDay) => {
    const key = monthNumber * 32 + dueDay;
    let dayNumber = known.get(key);
    if (dayNumber === undefined) {
      dayNumber = countDueDayNumber(monthNumber, dueDay);
      known.set(key, dayNumber);
    }
    return dayNumber;
  };
}

/**
 * Each line's placement for `dueDay`: the month whose due date is nearest (the one before, its own
 * or the next: a bill due on the 1st paid on the 30th belongs to the next month), or null when it
 * is further than the day tolerance. Computed once per due day, whatever amount is tried.
 */
function placeLines(
  lineDays: readonly LineDays[],
  dueDay: number,
  findDueDayNumber: (monthNumber: number, dueDay: number) => number,
): (Placement | null)[] {
  return lineDays.map(({ day, month: ownMonth }) => {
    let nearest: Placement | null = null;
    for (let month = ownMonth - 1; month <= ownMonth + 1; month += 1) {
      const distance = Math.abs(day - findDueDayNumber(month, dueDay));
      if (!nearest || distance < nearest.distance) nearest = { month, distance };
    }
    return nearest && nearest.distance <= recurringBillRules.dayTolerance ? nearest : null;
  });
}

/** The series of the placed lines among `band` (indexes of lines, in order) for `dueDay`: a month keeps its nearest line. */
function fitSeries(
  lines: readonly ExpenseLine[],
  placements: readonly (Placement | null)[],
  dueDay: number,
  band: readonly number[],
): Series {
  const byMonth: Series['byMonth'] = new Map();
  let totalDistance = 0;
  for (const index of band) {
    const placement = placements[index];
    if (!placement) continue;
    const counted = byMonth.get(placement.month);
    if (counted && counted.distance <= placement.distance) continue;
    totalDistance += placement.distance - (counted?.distance ?? 0);
    byMonth.set(placement.month, { line: lines[index] as ExpenseLine, distance: placement.distance });
  }
  return { dueDay, byMonth, totalDistance };
}

/**
 * The lines about each amount the merchant charged (indexes, in order), each set once: amounts
 * whose bands hold the same lines fit the same series for every due day.
 */
function listAmountBands(lines: readonly ExpenseLine[]): number[][] {
  const bands = new Map<string, number[]>();
  for (const referenceCents of new Set(lines.map((line) => Math.abs(line.amountCents)))) {
    const band: number[] = [];
    lines.forEach((line, index) => {
      if (isAmountAbout(referenceCents, line.amountCents)) band.push(index);
    });
    const key = band.join(',');
    if (!bands.has(key)) bands.set(key, band);
  }
  return [...bands.values()];
}

/** More months first; then the closer days; then the earlier due day, so the answer never depends on order. */
function isBetterSeries(candidate: Series, best: Series | null): boolean {
  if (!best) return true;
  if (candidate.byMonth.size !== best.byMonth.size) return candidate.byMonth.size > best.byMonth.size;
  if (candidate.totalDistance !== best.totalDistance) return candidate.totalDistance < best.totalDistance;
  return candidate.dueDay < best.dueDay;
}

function describeTitle(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, recurringBillRules.maximumTitleLength).trim();
}

function findMerchantBill(
  merchantKey: string,
  lines: readonly ExpenseLine[],
  today: string,
  findDueDayNumber: (monthNumber: number, dueDay: number) => number,
): RecurringBill | null {
  const lineDays = lines.map((line) => ({ day: convertDayToNumber(line.date), month: countMonthNumber(line.date) }));
  const activeMonths = new Set(lineDays.map((line) => line.month));
  if (activeMonths.size < recurringBillRules.minimumMonths) return null;
  if (lines.length > recurringBillRules.maximumLinesPerMonth * activeMonths.size) return null;

  // Every due day against every amount the merchant charged: a merchant may bill a subscription and
  // sell other things too, so the reference amount is one of its own, not the average of all.
  const bands = listAmountBands(lines);
  let best: Series | null = null;
  for (let dueDay = 1; dueDay <= 31; dueDay += 1) {
    const placements = placeLines(lineDays, dueDay, findDueDayNumber);
    for (const band of bands) {
      // A series has at most one month per line: a band smaller than the best series cannot beat it.
      if (best && band.length < best.byMonth.size) continue;
      const series = fitSeries(lines, placements, dueDay, band);
      if (isBetterSeries(series, best)) best = series;
    }
  }
  if (!best || best.byMonth.size < recurringBillRules.minimumMonths) return null;
  const found = best;

  const months = [...found.byMonth.keys()].sort((a, b) => a - b);
  const firstMonth = months[0] as number;
  const lastMonth = months.at(-1) as number;
  if (months.length / (lastMonth - firstMonth + 1) < recurringBillRules.minimumRegularity) return null;

  const counted = months.map((month) => (found.byMonth.get(month) as { line: ExpenseLine }).line);
  const latest = counted.reduce((newest, line) => (line.date > newest.date ? line : newest));
  if (convertDayToNumber(today) - convertDayToNumber(latest.date) > recurringBillRules.maximumDaysSinceLast)
    return null;

  let nextMonth = lastMonth + 1;
  while (findDueDateOfMonthNumber(nextMonth, found.dueDay) < today) nextMonth += 1;
  let reminderMonth = nextMonth;
  while (Number(findDueDateOfMonthNumber(reminderMonth, found.dueDay).slice(8)) < found.dueDay) reminderMonth -= 1;
  return {
    merchantKey,
    title: describeTitle(latest.name) || merchantKey,
    dueDay: found.dueDay,
    amountCents: findMedianCents(counted.map((line) => Math.abs(line.amountCents))),
    nextDueDate: findDueDateOfMonthNumber(nextMonth, found.dueDay),
    reminderDate: findDueDateOfMonthNumber(reminderMonth, found.dueDay),
    monthsFound: months.length,
    lineIds: counted.map((line) => line.id),
  };
}

/**
 * The monthly bills in a client's expense lines, one per merchant, soonest due first. `today` is
 * the day in Brazil ("YYYY-MM-DD"); lines without a merchant key (nothing readable) are left out.
 */
export function findRecurringBills(lines: readonly ExpenseLine[], today: string): RecurringBill[] {
  const byMerchant = new Map<string, ExpenseLine[]>();
  for (const line of lines) {
    if (!line.merchantKey || line.amountCents >= 0) continue;
    const merchantLines = byMerchant.get(line.merchantKey);
    if (merchantLines) merchantLines.push(line);
    else byMerchant.set(line.merchantKey, [line]);
  }
  const bills: RecurringBill[] = [];
  const findDueDayNumber = createDueDayNumbers();
  for (const [merchantKey, merchantLines] of byMerchant) {
    const bill = findMerchantBill(merchantKey, merchantLines, today, findDueDayNumber);
    if (bill) bills.push(bill);
  }
  return bills.sort((a, b) => a.nextDueDate.localeCompare(b.nextDueDate) || a.merchantKey.localeCompare(b.merchantKey));
}

/** The first day of the window of lines the recommender reads: the month `lookbackMonths` before today's. */
export function findRecurringWindowStart(today: string): string {
  return findDueDateInMonth(
    Number(today.slice(0, 4)),
    Number(today.slice(5, 7)) - 1 - recurringBillRules.lookbackMonths,
    1,
  );
}
