import type { StatementTransaction } from './statement-types';

/**
 * Sets each transaction's position among identical ones (same fitId, date, amount and description)
 * in file order. Banks (Nubank) list two genuinely separate purchases with the same data, and an
 * importer must keep both while still recognizing them when the same file comes again.
 */
export function numberOccurrences(transactions: StatementTransaction[]): StatementTransaction[] {
  // Most FITIDs (or dates, without FITID) are unique: only where they repeat is the full key built,
  // which spares a string per transaction on big files.
  const primaryCounts = new Map<string, number>();
  for (const transaction of transactions) {
    const primary = transaction.fitId ?? transaction.date;
    primaryCounts.set(primary, (primaryCounts.get(primary) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  for (const transaction of transactions) {
    if (primaryCounts.get(transaction.fitId ?? transaction.date) === 1) {
      transaction.occurrence = 1;
      continue;
    }
    const key = `${transaction.fitId ?? ''}\u0000${transaction.date}\u0000${transaction.amountCents}\u0000${transaction.description}`;
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    transaction.occurrence = occurrence;
  }
  return transactions;
}
