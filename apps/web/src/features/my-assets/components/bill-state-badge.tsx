import { Badge } from '@mantine/core';
import type { CardBill } from '@prumo/contract/my-assets';
import { billStateLabels } from './holdings-labels';

/** Futura, Aberta, Fechada or Paga, each in its colour. */
export function BillStateBadge({ state }: { state: CardBill['state'] }) {
  const { label, color } = billStateLabels[state];
  return (
    // Never cut to "FECHA…" in a narrow column.
    <Badge size="sm" variant="light" color={color} style={{ minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
