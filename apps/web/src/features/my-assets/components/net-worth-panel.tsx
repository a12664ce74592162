import { Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';
import { lazy, Suspense } from 'react';
import { AmountText } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { describeError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { useNetWorth } from '../api/get-net-worth';
import { buildNetWorthChartData, findNetWorthChange, isNetWorthEmpty, listNetWorthParts } from './net-worth-summary';

const MoneyLineChart = lazy(() => import('./money-line-chart').then((module) => ({ default: module.MoneyLineChart })));

const netWorthSeries = [
  { name: 'net_worth', label: 'Patrimônio líquido', color: 'teal.7' },
  { name: 'assets', label: 'Bens e saldos', color: 'blue.5', dashed: true },
  { name: 'owed', label: 'Dívidas e faturas', color: 'red.6', dashed: true },
] as const;

/** The top of Meu patrimônio: net worth today, its parts, and the last 12 months. */
export function NetWorthPanel({ viewsClient }: { viewsClient: boolean }) {
  const netWorth = useNetWorth();
  if (netWorth.isPending) return <Skeleton h={360} />;
  if (netWorth.isError) {
    return <ErrorState message={describeError(netWorth.error)} onRetry={() => netWorth.refetch()} />;
  }
  const { data } = netWorth;
  const change = findNetWorthChange(data);
  const empty = isNetWorthEmpty(data);
  return (
    <Paper withBorder p="md" component="section" aria-label="Resumo do patrimônio">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Patrimônio líquido em {formatIsoDate(data.date)}
            </Text>
            <AmountText amount={data.current.net_worth} size="xl" fw={700} aria-label="Patrimônio líquido" />
          </Stack>
          {change ? (
            <Text size="sm" c="dimmed">
              Desde {change.since}:{' '}
              <Text span size="sm" fw={600} c={change.amount < 0 ? 'red.8' : 'green.9'}>
                {change.amount > 0 ? '+' : ''}
                {formatCents(change.amount)}
              </Text>
            </Text>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
          {listNetWorthParts(data.current).map((part) => (
            <Stack key={part.label} gap={0}>
              <Text size="xs" c="dimmed">
                {part.label}
              </Text>
              <AmountText amount={part.amount} />
            </Stack>
          ))}
        </SimpleGrid>
        {empty ? (
          <Text size="sm" c="dimmed">
            {viewsClient
              ? 'Nada a somar ainda: o patrimônio aparece quando o cliente tiver contas importadas ou investimentos, bens e dívidas informados.'
              : 'Nada a somar ainda: importe um extrato em Meu caixa ou adicione abaixo seus investimentos, bens e dívidas.'}
          </Text>
        ) : (
          <Suspense fallback={<Skeleton h={260} />}>
            <MoneyLineChart
              data={buildNetWorthChartData(data)}
              series={netWorthSeries}
              label="Gráfico do patrimônio líquido mês a mês"
            />
          </Suspense>
        )}
        <Text size="xs" c="dimmed">
          Patrimônio líquido = contas + investimentos + outros bens − dívidas − faturas de cartão. As dívidas entram
          pelo saldo de hoje em todos os meses.
        </Text>
      </Stack>
    </Paper>
  );
}
