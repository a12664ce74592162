import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';
import { amountColors } from '../../../components/amount-text';
import type { BudgetComparison } from '../../../types/budget-api';

function TotalCard({
  title,
  planned,
  actual,
  color,
}: {
  title: string;
  planned: number;
  actual: number;
  color: string;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
        <Text size="lg" fw={700} c={color}>
          {formatCents(planned)}
        </Text>
        <Text size="xs" c="dimmed">
          Realizado: {formatCents(actual)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The month at a glance: planned (and actual) incomes, expenses, money set aside and what is left. */
export function BudgetTotals({ comparison }: { comparison: BudgetComparison }) {
  const { totals } = comparison;
  const balanceColor = totals.balance.planned < 0 ? amountColors.expense : amountColors.income;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <TotalCard
        title="Receitas planejadas"
        planned={totals.income.planned}
        actual={totals.income.actual}
        color={amountColors.income}
      />
      <TotalCard
        title="Despesas planejadas"
        planned={totals.expense.planned}
        actual={totals.expense.actual}
        color={amountColors.expense}
      />
      <TotalCard
        title="Investimentos planejados"
        planned={totals.asset_transfer.planned}
        actual={totals.asset_transfer.actual}
        color={amountColors.expense}
      />
      <TotalCard
        title="Saldo planejado"
        planned={totals.balance.planned}
        actual={totals.balance.actual}
        color={balanceColor}
      />
    </SimpleGrid>
  );
}
