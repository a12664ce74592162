import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { ChartItem, DailyCashFlow } from '@prumo/contract/cash-flow';
import { formatCents } from '@prumo/domain/money/cents';
import { AmountText } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import type { CashFlowFilter } from '../api/get-cash-flow';
import { useCategoryChart } from '../api/get-category-chart';
import { useDailyCashFlowChart } from '../api/get-daily-cash-flow-chart';

const chartHeight = 240;

// Distinct hues for the largest categories (no red or green: they mean out and in); the rest share one grey slice.
const categoryColors = ['indigo.6', 'orange.6', 'cyan.7', 'grape.6', 'yellow.6', 'pink.6', 'violet.6', 'blue.4'];
const uncategorizedColor = 'gray.5';
const otherCategoriesColor = 'gray.3';

const percentFormatter = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const compactNumberFormatter = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });
const monthNameFormatter = new Intl.DateTimeFormat('pt-BR', { month: 'short' });

// Income green, expense red.
const incomeBarColor = 'green.6';
const expenseBarColor = 'red.6';

/** A theme colour ("red.6") as the CSS variable Mantine defines for it. */
function toCssColor(themeColor: string): string {
  return `var(--mantine-color-${themeColor.replace('.', '-')})`;
}

/** Axis ticks in reais without the sign, which would not fit ("2,5 mil"); the tooltip shows the exact amount. */
function formatAxisCents(amountCents: number): string {
  return compactNumberFormatter.format(amountCents / 100).replace(/\u00a0/g, ' ');
}

interface CashFlowChartsProps {
  filter: CashFlowFilter;
}

/**
 * 'Gráficos' of Meu caixa, from chart-data/: the period's expenses (or incomes) by category, and
 * money in and out over the period. Loaded apart from the screen (it brings the chart library).
 */
export function CashFlowCharts({ filter }: CashFlowChartsProps) {
  return (
    <Paper withBorder p="md">
      <SectionHeader title="Gráficos" />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
        <CategoryChart filter={filter} />
        <PeriodCashFlowChart filter={filter} />
      </SimpleGrid>
    </Paper>
  );
}

interface CategorySlice {
  name: string;
  amount: number;
  color: string;
}

/**
 * A chart list with an amount is sorted by amount, descending (by size: expenses are
 * negative). The API sends it so; sorting again keeps the rule true whatever it sends.
 */
function sortBySize(items: readonly ChartItem[]): ChartItem[] {
  return [...items].sort((first, second) => Math.abs(second.amount) - Math.abs(first.amount));
}

/** The largest categories, one colour each; the others together as one slice. */
function buildSlices(items: readonly ChartItem[]): CategorySlice[] {
  const named = items.slice(0, categoryColors.length);
  const others = items.slice(categoryColors.length);
  const slices = named.map((item, index) => ({
    name: item.name,
    amount: item.amount,
    color: item.id === null ? uncategorizedColor : (categoryColors[index] ?? otherCategoriesColor),
  }));
  if (others.length > 0) {
    const amount = others.reduce((total, item) => total + item.amount, 0);
    slices.push({ name: 'Outras categorias', amount, color: otherCategoriesColor });
  }
  return slices;
}

function CategoryChart({ filter }: { filter: CashFlowFilter }) {
  const chart = useCategoryChart(filter);
  // Named apart from the bars of 'Resumo por categoria', which show the same groups another way.
  const label =
    filter.flow === 'income' ? 'Participação das entradas por categoria' : 'Participação das saídas por categoria';
  const items = sortBySize(chart.data ?? []);
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  const slices = buildSlices(items);
  // The first categories have their own slice (same order); the rest are in 'Outras categorias'.
  const colorOf = (index: number) => slices[index]?.color ?? otherCategoriesColor;

  return (
    <Stack gap="xs" role="figure" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {chart.isPending ? <Skeleton height={chartHeight} /> : null}
      {chart.isError ? <ErrorState message={describeError(chart.error)} onRetry={() => chart.refetch()} /> : null}
      {chart.data && items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {filter.flow === 'income' ? 'Nenhuma entrada no período.' : 'Nenhuma saída no período.'}
        </Text>
      ) : null}
      {items.length > 0 ? (
        <Group align="flex-start" gap="lg" wrap="wrap" opacity={chart.isPlaceholderData ? 0.6 : 1}>
          <DonutChart
            data={slices.map((slice) => ({ name: slice.name, value: Math.abs(slice.amount), color: slice.color }))}
            size={180}
            thickness={28}
            // One slice would show its seam as a white line.
            strokeWidth={slices.length > 1 ? 1 : 0}
            valueFormatter={(value) => formatCents(value)}
            tooltipDataSource="segment"
            chartLabel={formatCents(Math.abs(total))}
          />
          {/* Beside the donut when there is room, under it on a phone. */}
          <Table.ScrollContainer minWidth={260} style={{ flex: '1 1 260px' }}>
            <Table verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Categoria</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">%</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item, index) => (
                  <Table.Tr key={String(item.id)}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <ColorSwatch size={10} withShadow={false} color={toCssColor(colorOf(index))} />
                        <Text size="sm">{item.name}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">
                      <AmountText amount={item.amount} fw={400} />
                    </Table.Td>
                    <Table.Td ta="right">{total === 0 ? '–' : percentFormatter.format(item.amount / total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Group>
      ) : null}
    </Stack>
  );
}

type Grouping = 'day' | 'month' | 'year';

interface PeriodBar {
  label: string;
  income: number;
  /** As a positive height, beside the income; the red says it goes out. */
  expense: number;
}

const dayInMilliseconds = 24 * 60 * 60 * 1000;

function parseDay(isoDay: string): Date {
  const [year = 0, month = 1, day = 1] = isoDay.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** Days for up to two months, months for up to three years, years beyond: always a readable number of bars. */
function chooseGrouping(start: string, end: string): Grouping {
  const days = Math.round((parseDay(end).getTime() - parseDay(start).getTime()) / dayInMilliseconds) + 1;
  if (days <= 62) return 'day';
  const startDate = parseDay(start);
  const endDate = parseDay(end);
  const months = (endDate.getFullYear() - startDate.getFullYear()) * 12 + endDate.getMonth() - startDate.getMonth() + 1;
  return months <= 36 ? 'month' : 'year';
}

function keyOf(isoDay: string, grouping: Grouping): string {
  return grouping === 'day' ? isoDay : grouping === 'month' ? isoDay.slice(0, 7) : isoDay.slice(0, 4);
}

function labelOf(key: string, grouping: Grouping): string {
  if (grouping === 'day') return formatIsoDate(key).slice(0, 5);
  if (grouping === 'year') return key;
  const [year = 0, month = 1] = key.split('-').map(Number);
  // "nov/25": the short month name without its abbreviation dot, and the year's last two digits.
  return `${monthNameFormatter.format(new Date(year, month - 1, 1)).replace('.', '')}/${key.slice(2, 4)}`;
}

/** Every day, month or year of the period, so quiet stretches show as gaps rather than vanish. */
function listPeriodKeys(start: string, end: string, grouping: Grouping): string[] {
  const keys: string[] = [];
  const cursor = parseDay(start);
  const last = parseDay(end);
  // A period of centuries has too many years to draw each one: only those with lines are drawn.
  const maximumBars = 120;
  while (cursor <= last && keys.length <= maximumBars) {
    const isoDay = `${cursor.getFullYear()}-${String(cursor.getMonth() + 1).padStart(2, '0')}-${String(cursor.getDate()).padStart(2, '0')}`;
    keys.push(keyOf(isoDay, grouping));
    if (grouping === 'day') cursor.setDate(cursor.getDate() + 1);
    else if (grouping === 'month') cursor.setMonth(cursor.getMonth() + 1, 1);
    else cursor.setFullYear(cursor.getFullYear() + 1, 0, 1);
  }
  return keys.length > maximumBars ? [] : keys;
}

function buildPeriodBars(days: readonly DailyCashFlow[], start: string, end: string): PeriodBar[] {
  const grouping = chooseGrouping(start, end);
  const totals = new Map<string, { income: number; expense: number }>();
  for (const key of listPeriodKeys(start, end, grouping)) totals.set(key, { income: 0, expense: 0 });
  for (const day of days) {
    const key = keyOf(day.date, grouping);
    const total = totals.get(key) ?? { income: 0, expense: 0 };
    total.income += day.income;
    total.expense += day.expense;
    totals.set(key, total);
  }
  return [...totals.entries()]
    .sort(([first], [second]) => first.localeCompare(second))
    .map(([key, total]) => ({ label: labelOf(key, grouping), income: total.income, expense: Math.abs(total.expense) }));
}

function PeriodCashFlowChart({ filter }: { filter: CashFlowFilter }) {
  const chart = useDailyCashFlowChart(filter);
  const { start, end } = filter;
  const days = chart.data ?? [];
  const totalIncome = days.reduce((total, day) => total + day.income, 0);
  const totalExpense = days.reduce((total, day) => total + day.expense, 0);
  const label = 'Entradas e saídas no período';

  return (
    <Stack gap="xs" role="figure" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {chart.isPending ? <Skeleton height={chartHeight} /> : null}
      {chart.isError ? <ErrorState message={describeError(chart.error)} onRetry={() => chart.refetch()} /> : null}
      {chart.data && days.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma transação no período.
        </Text>
      ) : null}
      {days.length > 0 ? (
        <Stack gap="xs" opacity={chart.isPlaceholderData ? 0.6 : 1}>
          <BarChart
            h={chartHeight}
            data={buildPeriodBars(days, start, end)}
            dataKey="label"
            series={[
              { name: 'income', label: 'Entradas', color: incomeBarColor },
              { name: 'expense', label: 'Saídas', color: expenseBarColor },
            ]}
            valueFormatter={(value) => formatCents(value)}
            yAxisProps={{ tickFormatter: (value: number) => formatAxisCents(value), width: 64 }}
            yAxisLabel="R$"
            tickLine="y"
            maxBarWidth={24}
          />
          <Group gap="lg">
            <PeriodTotal label="Entradas" amount={totalIncome} color={incomeBarColor} />
            <PeriodTotal label="Saídas" amount={totalExpense} color={expenseBarColor} />
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

function PeriodTotal({ label, amount, color }: { label: string; amount: number; color: string }) {
  return (
    <Group gap={6} wrap="nowrap" role="group" aria-label={`Total de ${label.toLowerCase()} no gráfico`}>
      <ColorSwatch size={10} withShadow={false} color={toCssColor(color)} />
      <Text size="sm">{label}:</Text>
      <AmountText amount={amount} />
    </Group>
  );
}
