import { Badge } from '@mantine/core';
import type { CardBill } from '@prumo/contract/my-assets';
import { billStateLabels } from './holdings-labels';

/** Futura, Aberta, Fechada or Paga, each in its colour. */
export function BillStateBadge({ state }: { state: CardBill['state'] }) {
  const { label, color } = billStateLabels[state];
  return (
    <Badge size="sm" variant="light" color={color}>
      {label}
    </Badge>
  );
}
