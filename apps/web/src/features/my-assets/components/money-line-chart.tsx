import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { formatCents } from '@prumo/domain/money/cents';
import { formatCompactCents } from '../../../lib/format';

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
      yAxisProps={{ width: 72, tickFormatter: formatCompactCents }}
      aria-label={label}
    />
  );
}
