import { Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { FutureFlowChart, FutureFlowMonth } from '@prumo/contract/future-flow';
import { findCurrentMonth, formatMonthNumber, shiftMonth } from '@prumo/domain/budget/target-month';
import { formatCents } from '@prumo/domain/money/cents';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { amountColors } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { type MonthRangeQuery, useFutureFlow } from '../api/get-future-flow';
import { useFutureFlowChart } from '../api/get-future-flow-chart';
import { FutureFlowMonthsTable } from './future-flow-months-table';
import { LowBalanceThreshold } from './low-balance-threshold';

const BalanceChart = lazy(() => import('./balance-chart').then((module) => ({ default: module.BalanceChart })));

/** How far ahead the screen looks, kept in the address (`?meses=24`) so it survives a reload. */
const horizonParameter = 'meses';
const horizons = ['12', '24', '36'] as const;

/** The months shown: from two months ago to `horizon` months ahead (the API's default for 12). */
function buildRange(horizon: string): MonthRangeQuery {
  if (horizon === '12') return {};
  const currentMonth = findCurrentMonth(new Date());
  return {
    startDate: shiftMonth(currentMonth, -2).slice(0, 7),
    endDate: shiftMonth(currentMonth, Number(horizon)).slice(0, 7),
  };
}

function OpeningBalanceNote({ chart, viewsClient }: { chart: FutureFlowChart; viewsClient: boolean }) {
  const { openingBalance } = chart;
  const day = `01/${formatMonthNumber(openingBalance.date)}`;
  return (
    <Text size="xs" c="dimmed">
      {openingBalance.source === 'accounts'
        ? `Os saldos partem de ${formatCents(openingBalance.amount)} em ${day}, o saldo conhecido ${viewsClient ? 'das contas do cliente' : 'das suas contas'}.`
        : `Nenhuma conta com saldo conhecido: os saldos partem de R$ 0,00 em ${day}.`}{' '}
      O projetado segue o realizado até o mês passado; daqui em diante, o orçamento e as transações fixas.
    </Text>
  );
}

function FinalBalances({ chart }: { chart: FutureFlowChart }) {
  return (
    <Group gap="xl">
      {chart.series.map((series) => {
        const last = series.data.at(-1);
        if (!last) return null;
        return (
          <Stack key={series.name} gap={0}>
            <Text size="xs" c="dimmed">
              {series.name} em {last.date}
            </Text>
            <Text fw={700} c={last.amount < 0 ? amountColors.expense : amountColors.income}>
              {formatCents(last.amount)}
            </Text>
          </Stack>
        );
      })}
    </Group>
  );
}

interface FutureFlowProps {
  getMonthHref: (month: FutureFlowMonth) => string;
  /** A planner viewing a client: the page already has the heading, and the text speaks of the client. */
  viewsClient?: boolean;
  /** The low-balance insight's threshold: the client's own, or a planner's when the insight toggle is on. */
  showLowBalanceThreshold?: boolean;
}

/** fluxo-futuro: the months ahead, planned against actual, and the planned and projected balances. */
export function FutureFlow({ getMonthHref, viewsClient = false, showLowBalanceThreshold = false }: FutureFlowProps) {
  const [searchParameters, setSearchParameters] = useSearchParams();
  const typed = searchParameters.get(horizonParameter);
  const horizon = horizons.find((value) => value === typed) ?? '12';
  const range = buildRange(horizon);
  const months = useFutureFlow(range);
  const chart = useFutureFlowChart(range);
  const chooseHorizon = (value: string) => {
    const parameters = new URLSearchParams(searchParameters);
    if (value === '12') parameters.delete(horizonParameter);
    else parameters.set(horizonParameter, value);
    setSearchParameters(parameters, { replace: true });
  };

  return (
    <Stack gap="md">
      <SectionHeader
        title={viewsClient ? undefined : 'Fluxo futuro'}
        description={
          viewsClient
            ? 'O que foi planejado para cada mês, o que já aconteceu e para onde vai o saldo do cliente.'
            : 'O que você planejou para cada mês, o que já aconteceu e para onde vai o seu saldo.'
        }
        actions={
          <SegmentedControl
            aria-label="Período à frente"
            value={horizon}
            onChange={chooseHorizon}
            data={horizons.map((value) => ({ value, label: `${value} meses` }))}
          />
        }
      />
      <Paper withBorder p="md">
        <SectionHeader title="Saldo" />
        {chart.isPending ? (
          <Skeleton h={320} />
        ) : chart.isError ? (
          <ErrorState message={describeError(chart.error)} onRetry={() => chart.refetch()} />
        ) : (
          <Stack gap="sm" opacity={chart.isPlaceholderData ? 0.6 : 1}>
            <FinalBalances chart={chart.data} />
            <Suspense fallback={<Skeleton h={320} />}>
              <BalanceChart chart={chart.data} />
            </Suspense>
            <OpeningBalanceNote chart={chart.data} viewsClient={viewsClient} />
          </Stack>
        )}
      </Paper>
      {showLowBalanceThreshold ? <LowBalanceThreshold viewsClient={viewsClient} /> : null}
      <Paper withBorder p="md">
        <SectionHeader
          title="Meses"
          description="Abra um mês para ver e planejar o orçamento dele. Resultado = receitas menos despesas; investimentos ficam fora do resultado: o dinheiro muda de lugar, não é gasto. Lembretes de contas e dívidas mostram o que vence no mês e não entram no planejado nem nos saldos: planeje-os nas categorias do orçamento."
        />
        {months.isPending ? (
          <PageLoader />
        ) : months.isError ? (
          <ErrorState message={describeError(months.error)} onRetry={() => months.refetch()} />
        ) : (
          <div style={{ opacity: months.isPlaceholderData ? 0.6 : 1 }}>
            <FutureFlowMonthsTable
              months={months.data.results}
              currentMonth={months.data.currentMonth}
              getMonthHref={getMonthHref}
            />
          </div>
        )}
      </Paper>
    </Stack>
  );
}
