import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { CashFlowSummary } from '@prumo/contract/cash-flow';
import { formatCents } from '@prumo/domain/money/cents';
import { amountColors, pickAmountColor } from '../../../components/amount-text';

function SummaryCard({ label, amount, color }: { label: string; amount: number | null; color: string }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {amount === null ? (
        <Skeleton height={28} mt={4} width="60%" />
      ) : (
        <Text size="xl" fw={700} c={color}>
          {formatCents(amount)}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Receitas (green), Despesas (red) and the period's result (receitas less despesas: the month
 * rule, ADR 12; investments apart), from cash-flow/summary/: summed by
 * category, so a refund in an expense category lowers the expenses. The period chart's
 * "Entradas"/"Saídas" add money by the direction it moved, hence the other words.
 */
export function CashFlowSummaryStrip({ summary }: { summary: CashFlowSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <SummaryCard label="Receitas" amount={summary?.total_income ?? null} color={amountColors.income} />
      <SummaryCard label="Despesas" amount={summary?.total_expense ?? null} color={amountColors.expense} />
      <SummaryCard
        label="Resultado do período"
        amount={summary?.total_savings ?? null}
        color={summary ? pickAmountColor(summary.total_savings) : 'dimmed'}
      />
    </SimpleGrid>
  );
}
