import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { formatCents } from '@prumo/domain/money/cents';
import { formatCompactCents } from '../../../lib/format';
import { buildMoneyTicks } from './money-ticks';

export interface MoneySeries {
  /** The key of the rows' value. */
  name: string;
  label: string;
  color: string;
  dashed?: boolean;
}

interface MoneyLineChartProps {
  /** One row a month: `month` ("03/2026") and a value in cents per series. */
  data: Record<string, string | number | null>[];
  series: readonly MoneySeries[];
  label: string;
  height?: number;
}

/**
 * Amounts month by month (loaded on demand: the chart library is the page's heaviest part). Values
 * stay in cents; the axis uses short labels so it fits a phone.
 */
export function MoneyLineChart({ data, series, label, height = 260 }: MoneyLineChartProps) {
  const values = data.flatMap((row) => series.map((item) => row[item.name]));
  const ticks = buildMoneyTicks(values.filter((value): value is number => typeof value === 'number'));
  return (
    <LineChart
      h={height}
      data={data}
      dataKey="month"
      series={series.map((item) => ({
        name: item.name,
        label: item.label,
        color: item.color,
        strokeDasharray: item.dashed ? '6 4' : undefined,
      }))}
      curveType="linear"
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'top', height: 40 }}
      valueFormatter={formatCents}
      // Zero always shows (a balance reads against it) and ticks are round, even for a flat line.
      yAxisProps={{
        width: 72,
        tickFormatter: formatCompactCents,
        ticks,
        domain: [ticks[0] ?? 'auto', ticks.at(-1) ?? 'auto'],
      }}
      aria-label={label}
    />
  );
}
