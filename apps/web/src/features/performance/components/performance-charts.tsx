import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { PerformanceMonth } from '@prumo/contract/performance';
import { formatCents } from '@prumo/domain/money/cents';
import { formatRate } from './rate-format';

const compactNumberFormatter = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Axis ticks in reais, short enough for a phone ("2,5 mil"); the tooltip shows the exact amount. */
function formatAxisCents(amountCents: number): string {
  return compactNumberFormatter.format(amountCents / 100).replace(/\u00a0/g, ' ');
}

/**
 * Month by month: income against expense (bars) and the savings rate (a line; months without
 * income have no rate and leave a gap). Loaded on demand: the chart library is the page's heaviest part.
 */
export function PerformanceCharts({ months }: { months: PerformanceMonth[] }) {
  const bars = months.map((month) => ({ date: month.date, income: month.income, expense: month.expense }));
  const rates = months.map((month) => ({
    date: month.date,
    rate: month.savingsRate === null ? null : Math.round(month.savingsRate * 1000) / 10,
  }));
  const withRate = rates.some((point) => point.rate !== null);
  return (
    <Stack gap="lg">
      <Stack gap="xs" role="figure" aria-label="Receitas e despesas por mês">
        <Text size="sm" fw={600}>
          Receitas e despesas por mês
        </Text>
        <BarChart
          h={260}
          data={bars}
          dataKey="date"
          series={[
            { name: 'income', label: 'Receitas', color: 'green.6' },
            { name: 'expense', label: 'Despesas', color: 'red.6' },
          ]}
          valueFormatter={formatCents}
          yAxisProps={{ width: 60, tickFormatter: formatAxisCents }}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 40 }}
        />
      </Stack>
      {withRate ? (
        <Stack gap="xs" role="figure" aria-label="Taxa de poupança por mês">
          <Text size="sm" fw={600}>
            Taxa de poupança por mês
          </Text>
          <LineChart
            h={200}
            data={rates}
            dataKey="date"
            series={[{ name: 'rate', label: 'Taxa de poupança', color: 'indigo.6' }]}
            curveType="linear"
            connectNulls={false}
            valueFormatter={(value) => formatRate(value / 100)}
            yAxisProps={{ width: 60, tickFormatter: (value: number) => `${value}%` }}
            referenceLines={[{ y: 0, color: 'gray.5' }]}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
