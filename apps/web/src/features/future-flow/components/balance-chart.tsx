import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { FutureFlowChart } from '@prumo/contract/future-flow';
import { formatMonthNumber } from '@prumo/domain/budget/target-month';
import { formatCents } from '@prumo/domain/money/cents';
import { formatCompactCents } from '../../../lib/format';

/** Colours of the two lines: the plan calm, the projection strong. */
const seriesColors = { 'Saldo planejado': 'blue.6', 'Saldo projetado': 'teal.7' } as const;

/**
 * The two balance lines of the future flow, month by month (loaded on demand: the chart library
 * is the page's heaviest part). Amounts stay in cents; the axis uses the API's round ticks.
 */
export function BalanceChart({ chart }: { chart: FutureFlowChart }) {
  const [planned, projected] = chart.series;
  if (!planned || !projected) return null;
  const data = planned.data.map((point, index) => ({
    date: point.date,
    planned: point.amount,
    projected: projected.data[index]?.amount ?? null,
  }));
  const ticks = planned.ticks;
  const currentMonth = formatMonthNumber(chart.currentMonth);
  return (
    <LineChart
      h={320}
      data={data}
      dataKey="date"
      series={[
        { name: 'projected', label: projected.name, color: seriesColors[projected.name] },
        // The plan dashed and drawn last, on top: where the two agree, both lines still show.
        { name: 'planned', label: planned.name, color: seriesColors[planned.name], strokeDasharray: '6 4' },
      ]}
      curveType="linear"
      // The projection wide and light underneath, so the dashed plan on it stays readable.
      lineProps={(series) => (series.name === 'projected' ? { strokeWidth: 5, strokeOpacity: 0.5 } : {})}
      withLegend
      legendProps={{ verticalAlign: 'top', height: 40 }}
      valueFormatter={formatCents}
      yAxisProps={{
        ticks,
        domain: [ticks[0] ?? 'auto', ticks.at(-1) ?? 'auto'],
        width: 90,
        tickFormatter: formatCompactCents,
      }}
      referenceLines={
        data.some((point) => point.date === currentMonth) ? [{ x: currentMonth, label: 'Hoje', color: 'gray.6' }] : []
      }
      aria-label="Gráfico dos saldos planejado e projetado"
    />
  );
}
