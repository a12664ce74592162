import type { StatementTransaction } from './statement-types';

/**
 * Sets each transaction's position among identical ones (same fitId, date, amount and description)
 * in file order. Banks (Nubank) list two genuinely separate purchases with the same data, and an
 * importer must keep both while still recognizing them when the same file comes again.
 */
export function numberOccurrences(transactions: StatementTransaction[]): StatementTransaction[] {
  // Identical lines share their day, so each day is numbered on its own: a few hundred small maps
  // cost far less than one map of every FITID of a big file.
  const days = new Map<string, StatementTransaction[]>();
  for (const transaction of transactions) {
    const day = days.get(transaction.date);
    if (day) day.push(transaction);
    else days.set(transaction.date, [transaction]);
  }
  for (const day of days.values()) numberOccurrencesOfDay(day);
  return transactions;
}

function numberOccurrencesOfDay(transactions: StatementTransaction[]): void {
  if (transactions.length === 1) {
    (transactions[0] as StatementTransaction).occurrence = 1;
    return;
  }
  // Most FITIDs are unique: only where they repeat (or are missing) is the full key built, which
  // spares a string per transaction on big files.
  const fitIdCounts = new Map<string, number>();
  for (const transaction of transactions) {
    const fitId = transaction.fitId ?? '';
    fitIdCounts.set(fitId, (fitIdCounts.get(fitId) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (const transaction of transactions) {
    if (fitIdCounts.get(transaction.fitId ?? '') === 1) {
      transaction.occurrence = 1;
      continue;
    }
    const key = `${transaction.fitId ?? ''}\u0000${transaction.amountCents}\u0000${transaction.description}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    transaction.occurrence = occurrence;
  }
}
