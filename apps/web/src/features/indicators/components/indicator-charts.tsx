import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ManagerIndicators } from '@prumo/contract/indicators';
import { prospectStageLabels, prospectStages } from '@prumo/domain/prospects/prospect-stages';
import type { ReactNode } from 'react';
import { describePlanner } from './indicator-format';

const monthNames = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** "2026-03" → "mar/26". */
function formatMonth(month: string): string {
  return `${monthNames[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

function Chart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" role="figure" aria-label={title} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * Prospects by stage, clients won and lost month by month, and active clients by planner. Loaded
 * on demand: the chart library is the page's heaviest part.
 */
export function IndicatorCharts({ indicators }: { indicators: ManagerIndicators }) {
  const stages = prospectStages.map((stage) => ({
    stage: prospectStageLabels[stage],
    prospects: indicators.organization.prospects_by_stage[stage],
  }));
  const months = indicators.months.map((month) => ({
    month: formatMonth(month.month),
    joined: month.new_clients,
    lost: month.lost_clients,
  }));
  const planners = indicators.planners.map((row) => ({
    planner: describePlanner(row.planner),
    active: row.active_clients,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Chart title="Prospects por etapa">
        <BarChart
          h={220}
          data={stages}
          dataKey="stage"
          series={[{ name: 'prospects', label: 'Prospects', color: 'indigo.6' }]}
          yAxisProps={{ width: 40, allowDecimals: false }}
        />
      </Chart>
      <Chart title="Clientes novos e perdidos por mês">
        <BarChart
          h={220}
          data={months}
          dataKey="month"
          series={[
            { name: 'joined', label: 'Novos', color: 'green.6' },
            { name: 'lost', label: 'Perdidos', color: 'red.6' },
          ]}
          yAxisProps={{ width: 40, allowDecimals: false }}
          withLegend
          legendProps={{ verticalAlign: 'top', height: 40 }}
        />
      </Chart>
      {planners.length > 0 ? (
        <Chart title="Clientes ativos por planejador">
          <BarChart
            h={Math.max(140, planners.length * 40)}
            data={planners}
            dataKey="planner"
            orientation="vertical"
            series={[{ name: 'active', label: 'Clientes ativos', color: 'teal.6' }]}
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: 110 }}
          />
        </Chart>
      ) : null}
    </SimpleGrid>
  );
}
