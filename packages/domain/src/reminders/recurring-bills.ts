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

/** The due date of `dueDay` in a month number, as a day number (a day the month lacks falls on its last day). */
function countDueDayNumber(monthNumber: number, dueDay: number): number {
  const year = Math.floor(monthNumber / 12);
  const monthIndex = monthNumber % 12;
  const daysInMonth = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return Date.UTC(year, monthIndex, Math.min(dueDay, daysInMonth)) / 86_400_000;
}

/**
 * Due dates as day numbers by month number and due day, for the months from `firstMonth` to
 * `lastMonth`, computed once: the placements ask for the same few months' dates thousands of times.
 */
function createDueDayNumbers(firstMonth: number, lastMonth: number): (monthNumber: number, dueDay: number) => number {
  const table = new Int32Array(Math.max(lastMonth - firstMonth + 1, 0) * 32);
  for (let month = firstMonth; month <= lastMonth; month += 1) {
    for (let dueDay = 1; dueDay <= 31; dueDay += 1) {
      table[(month - firstMonth) * 32 + dueDay] = countDueDayNumber(month, dueDay);
    }
  }
  return (monthNumber, dueDay) =>
    monthNumber >= firstMonth && monthNumber <= lastMonth
      ? (table[(monthNumber - firstMonth) * 32 + dueDay] as number)
      : countDueDayNumber(monthNumber, dueDay);
}

/**
 * A merchant's lines placed for one due day at a time: for each line, the month whose due date is
 * nearest (the one before, its own or the next: a bill due on the 1st paid on the 30th belongs to
 * the next month) and how many days away, or no month when it is further than the day tolerance.
 * Months are kept as offsets from the month before the first line's, in arrays reused for every
 * due day and every band of amounts (the search tries 31 due days against each band).
 */
class LinePlacements {
  readonly firstMonth: number;
  readonly monthSpan: number;
  /** The month offset each line counts for, or -1 when it is too far from every due date. */
  readonly monthOffsets: Int32Array;
  readonly distances: Int32Array;
  private readonly days: Int32Array;
  private readonly ownMonths: Int32Array;
  private readonly dueNumbers: Int32Array;

  constructor(lines: readonly ExpenseLine[]) {
    this.days = Int32Array.from(lines, (line) => convertDayToNumber(line.date));
    this.ownMonths = Int32Array.from(lines, (line) => countMonthNumber(line.date));
    this.firstMonth = Math.min(...this.ownMonths) - 1;
    this.monthSpan = Math.max(...this.ownMonths) + 1 - this.firstMonth + 1;
    this.monthOffsets = new Int32Array(lines.length);
    this.distances = new Int32Array(lines.length);
    this.dueNumbers = new Int32Array(this.monthSpan);
  }

  /** Places every line for `dueDay`; answers how many lines found a month (no series can count more months). */
  place(dueDay: number, findDueDayNumber: (monthNumber: number, dueDay: number) => number): number {
    // The due dates of the months lines can be placed in (the month before the first line's to the
    // one after the last's), by offset: each line reads three of them.
    const dueNumbers = this.dueNumbers;
    for (let offset = 0; offset < dueNumbers.length; offset += 1) {
      dueNumbers[offset] = findDueDayNumber(this.firstMonth + offset, dueDay);
    }
    let placedCount = 0;
    for (let index = 0; index < this.days.length; index += 1) {
      const day = this.days[index] as number;
      const ownOffset = (this.ownMonths[index] as number) - this.firstMonth;
      let nearestOffset = ownOffset - 1;
      let nearestDistance = Math.abs(day - (dueNumbers[nearestOffset] as number));
      for (let offset = ownOffset; offset <= ownOffset + 1; offset += 1) {
        const distance = Math.abs(day - (dueNumbers[offset] as number));
        if (distance < nearestDistance) {
          nearestOffset = offset;
          nearestDistance = distance;
        }
      }
      const placed = nearestDistance <= recurringBillRules.dayTolerance;
      if (placed) placedCount += 1;
      this.monthOffsets[index] = placed ? nearestOffset : -1;
      this.distances[index] = nearestDistance;
    }
    return placedCount;
  }
}

/** How good a series is, without its lines: months found and their days from the due dates. */
interface SeriesScore {
  dueDay: number;
  months: number;
  totalDistance: number;
}

/**
 * The score of the series of the placed lines among `band` (indexes of lines, in order): a month
 * keeps its nearest line, the first of equals. `nearest` is scratch space, one slot a month.
 */
function scoreSeries(placements: LinePlacements, band: readonly number[], dueDay: number, nearest: Int32Array) {
  nearest.fill(-1);
  let months = 0;
  let totalDistance = 0;
  for (const index of band) {
    const offset = placements.monthOffsets[index] as number;
    if (offset < 0) continue;
    const distance = placements.distances[index] as number;
    const counted = nearest[offset] as number;
    if (counted >= 0 && counted <= distance) continue;
    if (counted < 0) months += 1;
    totalDistance += distance - Math.max(counted, 0);
    nearest[offset] = distance;
  }
  return { dueDay, months, totalDistance };
}

/**
 * The winning series' lines by month number (year × 12 + month index), each with its days from the
 * due date: a month keeps its nearest line, the first of equals (as scored).
 */
function fitSeries(lines: readonly ExpenseLine[], placements: LinePlacements, band: readonly number[]) {
  const byMonth = new Map<number, { line: ExpenseLine; distance: number }>();
  for (const index of band) {
    const offset = placements.monthOffsets[index] as number;
    if (offset < 0) continue;
    const month = placements.firstMonth + offset;
    const distance = placements.distances[index] as number;
    const counted = byMonth.get(month);
    if (counted && counted.distance <= distance) continue;
    byMonth.set(month, { line: lines[index] as ExpenseLine, distance });
  }
  return byMonth;
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
function isBetterSeries(candidate: SeriesScore, best: SeriesScore | null): boolean {
  if (!best) return true;
  if (candidate.months !== best.months) return candidate.months > best.months;
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
  const activeMonths = new Set(lines.map((line) => countMonthNumber(line.date)));
  if (activeMonths.size < recurringBillRules.minimumMonths) return null;
  if (lines.length > recurringBillRules.maximumLinesPerMonth * activeMonths.size) return null;

  // Every due day against every amount the merchant charged: a merchant may bill a subscription and
  // sell other things too, so the reference amount is one of its own, not the average of all.
  // A series counts at most one month per line: a band of fewer lines than a bill's months is no bill.
  const bands = listAmountBands(lines).filter((band) => band.length >= recurringBillRules.minimumMonths);
  if (bands.length === 0) return null;
  const placements = new LinePlacements(lines);
  const nearest = new Int32Array(placements.monthSpan);
  let best: (SeriesScore & { band: number[] }) | null = null;
  for (let dueDay = 1; dueDay <= 31; dueDay += 1) {
    const placedCount = placements.place(dueDay, findDueDayNumber);
    // A series counts at most one month per placed line: too few placed lines cannot beat the best
    // (nor make a bill), so this due day's bands are not scored.
    if (placedCount < recurringBillRules.minimumMonths || (best && placedCount < best.months)) continue;
    for (const band of bands) {
      // A series has at most one month per line: a band smaller than the best series cannot beat it.
      if (best && band.length < best.months) continue;
      const score = scoreSeries(placements, band, dueDay, nearest);
      if (isBetterSeries(score, best)) best = { ...score, band };
    }
  }
  if (!best || best.months < recurringBillRules.minimumMonths) return null;
  placements.place(best.dueDay, findDueDayNumber);
  const found = { dueDay: best.dueDay, byMonth: fitSeries(lines, placements, best.band) };

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
  let firstDay: string | null = null;
  let lastDay: string | null = null;
  for (const line of lines) {
    if (!line.merchantKey || line.amountCents >= 0) continue;
    if (firstDay === null || line.date < firstDay) firstDay = line.date;
    if (lastDay === null || line.date > lastDay) lastDay = line.date;
    const merchantLines = byMerchant.get(line.merchantKey);
    if (merchantLines) merchantLines.push(line);
    else byMerchant.set(line.merchantKey, [line]);
  }
  const bills: RecurringBill[] = [];
  if (firstDay === null || lastDay === null) return [];
  // A line is placed in its own month, the one before or the one after.
  const findDueDayNumber = createDueDayNumbers(countMonthNumber(firstDay) - 1, countMonthNumber(lastDay) + 1);
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
