/**
 * When a card's line weighs on the client's money: on its bill's due date, not on the purchase's
 * day. Used for the lines a statement brings (once the card's days are known) and for lines typed
 * into a card, so both count the same way.
 */

/** The first due date on or after the purchase that falls after the closing day. */
export function computeBillDueDate(purchaseDate: string, closingDay: number, dueDay: number): string {
  const [year, month, day] = purchaseDate.split('-').map(Number) as [number, number, number];
  // Purchases after the closing day go to the next bill.
  let billMonth = day > closingDay ? month + 1 : month;
  // The due day comes after the closing day; when it is smaller, it falls in the following month.
  if (dueDay <= closingDay) billMonth += 1;
  const due = new Date(Date.UTC(year, billMonth - 1, 1));
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(dueDay, lastDay));
  return due.toISOString().slice(0, 10);
}

/** An account as far as the cash date goes: a card with its closing and due days, or another account. */
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
