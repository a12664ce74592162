import { Text, type TextProps } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';

/** Income green, expense red. Shades dark enough to read on white. */
export const amountColors = { income: 'green.9', expense: 'red.8' } as const;

export function pickAmountColor(amountCents: number): string {
  return amountCents < 0 ? amountColors.expense : amountColors.income;
}

/** An amount in cents as "R$ 1.234,56", green when money comes in, red when it goes out. */
export function AmountText({ amount, ...textProperties }: { amount: number } & TextProps) {
  return (
    <Text size="sm" fw={500} c={pickAmountColor(amount)} style={{ whiteSpace: 'nowrap' }} {...textProperties}>
      {formatCents(amount)}
    </Text>
  );
}
