import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { MyAccount } from '@prumo/contract/my-assets';
import { formatCents } from '@prumo/domain/money/cents';
import { lazy, Suspense, useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { FormDialog } from '../../../components/form-dialog';
import { describeError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { useAccountDetails } from '../api/get-account-details';
import { formatMonthKey } from './holdings-labels';

const MoneyLineChart = lazy(() => import('./money-line-chart').then((module) => ({ default: module.MoneyLineChart })));

const historyColumns: DataColumn[] = [
  { key: 'date', header: 'Data', phone: 'title' },
  { key: 'balance', header: 'Saldo', phone: 'aside', align: 'right', nowrap: true },
  { key: 'known', header: 'Origem' },
];

/** Months listed at first: two years; the chart always shows them all. */
const listedMonths = 24;

function AccountHistory({ account }: { account: MyAccount }) {
  const details = useAccountDetails({ enabled: true });
  const [showingAll, setShowingAll] = useState(false);
  if (details.isPending) return <Skeleton h={260} />;
  if (details.isError) return <ErrorState message={describeError(details.error)} onRetry={() => details.refetch()} />;
  const history = details.data.find((item) => item.id === account.id);
  if (!history || history.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Esta conta ainda não tem transações: o histórico começa na primeira.
      </Text>
    );
  }
  const chartData = history.history.map((point) => ({
    month: formatMonthKey(point.date.slice(0, 7)),
    balance: point.balance,
  }));
  const newestFirst = [...history.history].reverse();
  const listed = showingAll ? newestFirst : newestFirst.slice(0, listedMonths);
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {history.known_balance
          ? `Saldo informado: ${formatCents(history.known_balance.balance)} em ${formatIsoDate(history.known_balance.date)}. Os demais são calculados a partir dele e das transações.`
          : 'Nenhum saldo informado: os saldos são calculados pelas transações, a partir de zero.'}
      </Text>
      <Suspense fallback={<Skeleton h={260} />}>
        <MoneyLineChart
          data={chartData}
          series={[{ name: 'balance', label: 'Saldo', color: 'blue.6' }]}
          label={`Gráfico do saldo de ${account.name}`}
        />
      </Suspense>
      <DataTable label={`Saldos de ${account.name}`} columns={historyColumns} minWidth={420}>
        {listed.map((point) => (
          <DataRow key={point.date} label={formatIsoDate(point.date)}>
            <DataCell column="date">
              <Text size="sm">{formatIsoDate(point.date)}</Text>
            </DataCell>
            <DataCell column="balance">
              <AmountText amount={point.balance} />
            </DataCell>
            <DataCell column="known">
              {point.known ? (
                <Badge size="sm" variant="light" color="teal">
                  Informado
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  Calculado
                </Text>
              )}
            </DataCell>
          </DataRow>
        ))}
      </DataTable>
      {listed.length < newestFirst.length ? (
        <Group>
          <Button variant="subtle" size="compact-sm" onClick={() => setShowingAll(true)}>
            Mostrar todos os {newestFirst.length} saldos
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** An account's balance month by month: the stated one marked, the others worked out from the lines. */
export function AccountHistoryDialog({ account, onClose }: { account: MyAccount | null; onClose: () => void }) {
  return (
    <FormDialog opened={account !== null} title={`Histórico: ${account?.name ?? ''}`} onClose={onClose} size="lg">
      {account ? <AccountHistory account={account} /> : null}
    </FormDialog>
  );
}
