import { shiftDay } from '../br/date';

/**
 * Credit-card bills (faturas): which bill a purchase belongs to, when a bill closes and is due,
 * its state, and the instalments ("Parcela 2/6") that will fall on the next bills.
 */

/** "2026-11" → the number of days of that month. */
function countDaysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The day of the month `day` in that month, or its last day when the month is shorter (the 31st of April is the 30th). */
function placeDayInMonth(year: number, month: number, day: number): string {
  const normalized = new Date(Date.UTC(year, month - 1, 1));
  const y = normalized.getUTCFullYear();
  const m = normalized.getUTCMonth() + 1;
  const d = Math.min(day, countDaysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function readDayParts(day: string): [number, number, number] {
  return day.split('-').map(Number) as [number, number, number];
}

/**
 * The due date of the bill a purchase of `purchaseDate` falls on: the bill closes on the closing day
 * (a purchase on the closing day is still in it, one after goes to the next bill) and is due on the
 * due day after that closing — in the same month when the due day is after the closing day, else
 * in the next month. Days a month lacks become its last day.
 */
export function computeBillDueDate(purchaseDate: string, closingDay: number, dueDay: number): string {
  const [year, month, day] = readDayParts(purchaseDate);
  const closingThisMonth = Number(placeDayInMonth(year, month, closingDay).slice(8));
  const closingMonth = day > closingThisMonth ? month + 1 : month;
  const dueMonth = dueDay <= closingDay ? closingMonth + 1 : closingMonth;
  return placeDayInMonth(year, dueMonth, dueDay);
}

/** An account as far as a line's cash date goes: a card with its closing and due days, or another account. */
export interface CashDateAccount {
  kind: string;
  closingDay: number | null;
  dueDay: number | null;
}

/**
 * A line's cash date in its account: a card's bill due date once the card's days are known, else
 * the line's own day (a card whose days are still a pendency counts on the day until they are given).
 */
export function findLineCashDate(date: string, account: CashDateAccount): string {
  if (account.kind !== 'credit_card' || account.closingDay === null || account.dueDay === null) return date;
  return computeBillDueDate(date, account.closingDay, account.dueDay);
}

/**
 * The closing date of the bill due on `dueDate`, by the card's days; always before the due date
 * (closing on the 30th and due on the 31st, February's bill closes on the 27th).
 */
export function computeBillClosingDate(dueDate: string, closingDay: number, dueDay: number): string {
  const [year, month] = readDayParts(dueDate);
  const closing = placeDayInMonth(year, dueDay <= closingDay ? month - 1 : month, closingDay);
  return closing < dueDate ? closing : shiftDay(dueDate, -1);
}

/** Days after the due date a payment still counts as the bill's: a late payment pays it all the same. */
export const latePaymentDays = 10;

/** When a payment of the bill may happen: from its closing day to some days after it is due. */
export function findBillPaymentWindow(bill: { closingDate: string; dueDate: string }): { start: string; end: string } {
  return { start: bill.closingDate, end: shiftDay(bill.dueDate, latePaymentDays) };
}

/** The due date `months` bills after the one due on `dueDate`, by the card's due day. */
export function shiftBillDueDate(dueDate: string, months: number, dueDay: number): string {
  const [year, month] = readDayParts(dueDate);
  return placeDayInMonth(year, month + months, dueDay);
}

/**
 * - `future`: its period has not started (the bill after the open one);
 * - `open`: purchases still enter it (today is on or before its closing date);
 * - `closed`: closed and not yet paid;
 * - `paid`: a payment was matched to it or the client marked it paid.
 */
export const cardBillStates = ['future', 'open', 'closed', 'paid'] as const;
export type CardBillState = (typeof cardBillStates)[number];

export function findCardBillState(
  bill: { closingDate: string; previousClosingDate: string | null; paid: boolean },
  today: string,
): CardBillState {
  if (bill.paid) return 'paid';
  if (bill.closingDate < today) return 'closed';
  if (bill.previousClosingDate !== null && bill.previousClosingDate >= today) return 'future';
  return 'open';
}

/** What a bill asks to be paid, positive: its purchases less its refunds; what the client corrected wins. */
export function computeBillAmountCents(linesSumCents: number, correctedAmountCents: number | null): number {
  return correctedAmountCents ?? -linesSumCents;
}

export interface Instalment {
  /** This instalment's number (2 in "2/6"). */
  number: number;
  /** How many instalments the purchase has (6 in "2/6"). */
  count: number;
  /** The name without the instalment part, to tell one purchase's instalments apart from another's. */
  purchaseName: string;
}

/** Purchases are split in at most this many instalments in Brazil; more is a date or a code, not an instalment. */
const maximumInstalments = 48;

// "PARCELA 2/6", "PARC 02/06", "Parcela 2 de 6": an explicit word.
const namedInstalment = /\s*[-–(]?\s*\bparc(?:ela)?\.?\s*(\d{1,2})\s*(?:\/|de)\s*(\d{1,2})\s*\)?\s*$/i;
// "LOJA X 02/06" at the end of a card line: banks print instalments so.
const bareInstalment = /\s*[-–(]?\s*\b(\d{1,2})\/(\d{1,2})\s*\)?\s*$/;

/**
 * The instalment a card line's name states, or null. A bare "n/m" counts only at the end of the
 * name, with n ≤ m and 2 ≤ m ≤ 48, so a "22/09" date is not read as an instalment.
 */
export function readInstalment(name: string): Instalment | null {
  const match = namedInstalment.exec(name) ?? bareInstalment.exec(name);
  if (!match) return null;
  const number = Number(match[1]);
  const count = Number(match[2]);
  if (number < 1 || count < 2 || number > count || count > maximumInstalments) return null;
  const purchaseName = name.slice(0, match.index).trim();
  if (!purchaseName) return null;
  return { number, count, purchaseName };
}

export interface CardLine {
  name: string;
  amountCents: number;
  /** The due date of the bill the line is on. */
  billDueDate: string;
}

export interface ProjectedInstalment {
  name: string;
  amountCents: number;
  billDueDate: string;
  number: number;
  count: number;
}

function describeInstalmentKey(purchaseName: string, amountCents: number, number: number, count: number): string {
  return `${purchaseName.toLowerCase()}\u0000${amountCents}\u0000${number}\u0000${count}`;
}

/**
 * The instalments still to come of the card's instalment purchases, each on its bill: instalment k
 * of a line showing instalment n falls k − n bills later. An instalment a later statement already
 * brought (same purchase, amount and number) is not projected again, and each purchase is
 * projected from its latest instalment only.
 */
export function projectInstalments(lines: readonly CardLine[], dueDay: number): ProjectedInstalment[] {
  const present = new Set<string>();
  const latest = new Map<string, { line: CardLine; instalment: Instalment }>();
  for (const line of lines) {
    const instalment = readInstalment(line.name);
    if (!instalment) continue;
    const { purchaseName, number, count } = instalment;
    present.add(describeInstalmentKey(purchaseName, line.amountCents, number, count));
    // One purchase: same name, amount and count; its instalments differ by number.
    const purchaseKey = describeInstalmentKey(purchaseName, line.amountCents, 0, count);
    const known = latest.get(purchaseKey);
    if (!known || known.instalment.number < number) latest.set(purchaseKey, { line, instalment });
  }
  const projected: ProjectedInstalment[] = [];
  for (const { line, instalment } of latest.values()) {
    for (let number = instalment.number + 1; number <= instalment.count; number += 1) {
      const key = describeInstalmentKey(instalment.purchaseName, line.amountCents, number, instalment.count);
      if (present.has(key)) continue;
      projected.push({
        name: `${instalment.purchaseName} ${number}/${instalment.count}`,
        amountCents: line.amountCents,
        billDueDate: shiftBillDueDate(line.billDueDate, number - instalment.number, dueDay),
        number,
        count: instalment.count,
      });
    }
  }
  return projected.sort((a, b) => a.billDueDate.localeCompare(b.billDueDate) || a.name.localeCompare(b.name));
}
