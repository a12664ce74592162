import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { ProspectDiagnosis } from '@prumo/contract/prospects';
import { formatCents } from '@prumo/domain/money/cents';
import { formatCompactCents } from '../../../lib/format';

const monthNames = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

function formatMonth(month: string): string {
  return `${monthNames[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

/** Income against expense month by month, and expense by category. Loaded on demand: the chart library is heavy. */
export function DiagnosisCharts({ diagnosis }: { diagnosis: ProspectDiagnosis }) {
  const months = diagnosis.months.map((month) => ({
    month: formatMonth(month.month),
    income: month.income,
    expense: month.expense,
  }));
  const categories = diagnosis.expense_by_category.slice(0, 8).map((entry) => ({
    category: entry.category,
    amount: entry.amount,
  }));
  return (
    <Stack gap="lg">
      <Stack gap="xs" role="figure" aria-label="Renda e despesa por mês">
        <Text size="sm" fw={600}>
          Renda e despesa por mês
        </Text>
        <BarChart
          h={240}
          data={months}
          dataKey="month"
          series={[
            { name: 'income', label: 'Renda', color: 'green.6' },
            { name: 'expense', label: 'Despesa', color: 'red.6' },
          ]}
          valueFormatter={formatCents}
          yAxisProps={{ width: 60, tickFormatter: formatCompactCents }}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 40 }}
        />
      </Stack>
      {categories.length > 0 ? (
        <Stack gap="xs" role="figure" aria-label="Despesa por categoria">
          <Text size="sm" fw={600}>
            Despesa por categoria
          </Text>
          <BarChart
            h={Math.max(160, categories.length * 36)}
            data={categories}
            dataKey="category"
            orientation="vertical"
            series={[{ name: 'amount', label: 'Despesa', color: 'red.6' }]}
            valueFormatter={formatCents}
            xAxisProps={{ tickFormatter: formatCompactCents }}
            yAxisProps={{ width: 110 }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
