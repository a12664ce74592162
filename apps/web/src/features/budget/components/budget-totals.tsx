import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BudgetComparison } from '@prumo/contract/budget';
import { formatCents } from '@prumo/domain/money/cents';
import { amountColors } from '../../../components/amount-text';

function TotalCard({
  title,
  note,
  planned,
  actual,
  color,
}: {
  title: string;
  note: string;
  planned: number;
  actual: number;
  color: string;
}) {
  return (
    <Paper withBorder p="md" role="group" aria-label={title}>
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
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The month at a glance, as the API sums it under the month rule (ADR 12): planned (and actual)
 * incomes, expenses, the result (incomes less expenses) and, apart, the money invested. A month
 * following an earlier plan shows that plan's figures, as the future flow does.
 */
export function BudgetTotals({ comparison }: { comparison: BudgetComparison }) {
  const { totals } = comparison;
  const resultColor = totals.result.planned < 0 ? amountColors.expense : amountColors.income;
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <TotalCard
          title="Receitas planejadas"
          note="O que entra no mês."
          planned={totals.income.planned}
          actual={totals.income.actual}
          color={amountColors.income}
        />
        <TotalCard
          title="Despesas planejadas"
          note="O que é gasto no mês."
          planned={totals.expense.planned}
          actual={totals.expense.actual}
          color={amountColors.expense}
        />
        <TotalCard
          title="Resultado planejado"
          note="Receitas menos despesas."
          planned={totals.result.planned}
          actual={totals.result.actual}
          color={resultColor}
        />
        <TotalCard
          title="Investimentos planejados"
          note="Fora do resultado: o dinheiro muda de lugar, não é gasto."
          planned={totals.asset_transfer.planned}
          actual={totals.asset_transfer.actual}
          color={amountColors.expense}
        />
      </SimpleGrid>
      {comparison.carried && comparison.planned_from ? (
        <Text size="xs" c="dimmed">
          Sem itens próprios, este mês segue o orçamento de {comparison.planned_from.date}: o planejado vem dele. Ao
          adicionar um item, o mês passa a ter só os itens dele.
        </Text>
      ) : null}
    </Stack>
  );
}
