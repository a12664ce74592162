/** The planned totals of a budget, in integer cents. */
export interface PlannedTotals {
  income: number;
  expense: number;
  assetTransfer: number;
}

/**
 * An ideal budget a month can be copied from: one that plans some money. Without it (none yet, or
 * every item deleted), 'Copiar o orçamento ideal' is not offered: it would copy an empty plan.
 */
export function hasSomethingToCopy(ideal: PlannedTotals | null | undefined): boolean {
  return Boolean(ideal && (ideal.income > 0 || ideal.expense > 0 || ideal.assetTransfer > 0));
}
