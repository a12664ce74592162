import { Alert, Anchor, Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { MyPerformance as MyPerformanceAnswer } from '@prumo/contract/performance';
import { findCurrentMonth } from '@prumo/domain/budget/target-month';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { type PerformancePeriod, useMyPerformance } from '../api/get-my-performance';
import { BudgetKeptList } from './budget-kept-list';
import { PerformanceCards } from './performance-cards';
import { PerformanceMonthsTable } from './performance-months-table';
import {
  buildPresetPeriod,
  findPreset,
  listEndOptions,
  listStartOptions,
  moveStart,
  type PresetLength,
  presetLengths,
} from './period-options';

const PerformanceCharts = lazy(() =>
  import('./performance-charts').then((module) => ({ default: module.PerformanceCharts })),
);

/** Short enough for four side by side on a phone. */
const presetLabels: Record<PresetLength, string> = { '6': '6 meses', '12': '1 ano', '24': '2 anos', '36': '3 anos' };

/** The period is kept in the address (`?inicio=2026-01&fim=2026-06`), so it survives a reload. */
const startParameter = 'inicio';
const endParameter = 'fim';

function readPeriod(parameters: URLSearchParams): PerformancePeriod {
  const read = (name: string) => {
    const value = parameters.get(name);
    return value && /^\d{4}-\d{2}$/.test(value) ? value : undefined;
  };
  return { start: read(startParameter), end: read(endParameter) };
}

function PeriodPicker({
  period,
  shown,
  onChange,
}: {
  period: PerformancePeriod;
  /** The months the answer covers (the API's default fills what the address leaves out). */
  shown: { start: string; end: string } | null;
  onChange: (period: PerformancePeriod) => void;
}) {
  const currentMonth = findCurrentMonth(new Date());
  const preset = findPreset(period, currentMonth);
  const start = period.start ?? shown?.start ?? buildPresetPeriod('6', currentMonth).start ?? '';
  const end = period.end ?? shown?.end ?? currentMonth.slice(0, 7);
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Período"
        value={preset ?? ''}
        onChange={(value) => onChange(buildPresetPeriod(value as PresetLength, currentMonth))}
        data={presetLengths.map((length) => ({ value: length, label: presetLabels[length] }))}
        fullWidth
      />
      <Group gap="xs" grow wrap="nowrap">
        <NativeSelect
          label="De"
          value={start}
          onChange={(event) => onChange(moveStart(event.currentTarget.value, end, currentMonth))}
          data={listStartOptions(currentMonth)}
        />
        <NativeSelect
          label="Até"
          value={end}
          onChange={(event) => onChange({ start, end: event.currentTarget.value })}
          data={listEndOptions(start, currentMonth)}
        />
      </Group>
    </Stack>
  );
}

function hasMoney(performance: MyPerformanceAnswer): boolean {
  return performance.months.some((month) => month.income !== 0 || month.expense !== 0 || month.invested !== 0);
}

interface MyPerformanceProps {
  /** A planner viewing a client: the page already has the heading, and the text speaks of the client. */
  viewsClient?: boolean;
  /** Where money is recorded (Meu caixa) and where a month is planned (Orçamento do mês), on the same client. */
  cashRegisterHref: string;
  planHref: string;
}

/** meu-desempenho: how a period went — money in and out, what was saved, the budget kept, net worth and the return. */
export function MyPerformance({ viewsClient = false, cashRegisterHref, planHref }: MyPerformanceProps) {
  const [searchParameters, setSearchParameters] = useSearchParams();
  const period = readPeriod(searchParameters);
  const performance = useMyPerformance(period);
  const choosePeriod = (next: PerformancePeriod) => {
    const parameters = new URLSearchParams(searchParameters);
    parameters.delete(startParameter);
    parameters.delete(endParameter);
    if (next.start) parameters.set(startParameter, next.start);
    if (next.end) parameters.set(endParameter, next.end);
    setSearchParameters(parameters, { replace: true });
  };
  const data = performance.data;
  const shown = data ? { start: data.start, end: data.end } : null;

  return (
    <Stack gap="md">
      <SectionHeader
        title={viewsClient ? undefined : 'Meu desempenho'}
        description={
          viewsClient
            ? 'Como foi o período do cliente: receitas, despesas, o que guardou, o orçamento cumprido, o patrimônio e os investimentos.'
            : 'Como foi o seu período: receitas, despesas, o que você guardou, o orçamento cumprido, o patrimônio e os investimentos.'
        }
      />
      <Paper withBorder p="md" maw={520}>
        <PeriodPicker period={period} shown={shown} onChange={choosePeriod} />
      </Paper>
      {performance.isPending ? (
        <PageLoader />
      ) : performance.isError || !data ? (
        <ErrorState message={describeError(performance.error)} onRetry={() => performance.refetch()} />
      ) : (
        <Stack gap="md" opacity={performance.isPlaceholderData ? 0.6 : 1}>
          {hasMoney(data) ? null : (
            <Alert color="blue" variant="light" title="Nenhuma transação no período">
              <Text size="sm">
                {viewsClient ? 'O cliente ainda não tem' : 'Você ainda não tem'} receitas nem despesas nestes meses.
                Importe um extrato ou lance as transações em{' '}
                <Anchor component={Link} to={cashRegisterHref} size="sm">
                  Meu caixa
                </Anchor>{' '}
                para ver o desempenho.
              </Text>
            </Alert>
          )}
          <PerformanceCards performance={data} />
          {hasMoney(data) ? (
            <Paper withBorder p="md">
              <SectionHeader
                title="Mês a mês"
                description="Resultado = receitas menos despesas; investimentos ficam fora: o dinheiro muda de lugar, não é gasto."
              />
              <Suspense fallback={<Skeleton h={480} />}>
                <PerformanceCharts months={data.months} />
              </Suspense>
            </Paper>
          ) : null}
          <Paper withBorder p="md">
            <SectionHeader
              title="Orçamento cumprido"
              description={
                data.budget.monthsPlanned > 0
                  ? `Despesas planejadas e realizadas por categoria, somadas nos ${data.budget.monthsPlanned} meses do período que seguem um orçamento.`
                  : undefined
              }
            />
            {data.budget.monthsPlanned === 0 ? (
              <Text size="sm" c="dimmed">
                Nenhum mês do período tem orçamento.{' '}
                <Anchor component={Link} to={planHref} size="sm">
                  Planeje o mês
                </Anchor>{' '}
                para comparar o planejado com o realizado aqui.
              </Text>
            ) : (
              <BudgetKeptList budget={data.budget} />
            )}
          </Paper>
          <Paper withBorder p="md">
            <SectionHeader title="Meses" />
            <PerformanceMonthsTable months={data.months} currentMonth={data.currentMonth} />
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
