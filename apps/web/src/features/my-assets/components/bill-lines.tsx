import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { describeError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { useCardBillDetails } from '../api/get-card-bill-details';
import { BillStateBadge } from './bill-state-badge';
import { showOwed } from './holdings-labels';

const lineColumns: DataColumn[] = [
  { key: 'name', header: 'Lançamento', phone: 'title' },
  { key: 'amount', header: 'Valor', phone: 'aside', align: 'right', nowrap: true },
  { key: 'date', header: 'Data', nowrap: true },
];

/** One bill: what it asks, its dates and its lines, projected instalments last and marked. */
export function BillLines({ billId }: { billId: number }) {
  const bill = useCardBillDetails(billId);
  if (bill.isPending) return <Skeleton h={200} />;
  if (bill.isError) return <ErrorState message={describeError(bill.error)} onRetry={() => bill.refetch()} />;
  const { data } = bill;
  const dueDate = formatIsoDate(data.due_date);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600}>Fatura de {dueDate}</Text>
          <Text size="sm" c="dimmed">
            Fecha em {formatIsoDate(data.closing_date)} · {data.lines} lançamentos
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <AmountText amount={showOwed(data.amount)} fw={700} />
          <BillStateBadge state={data.state} />
        </Stack>
      </Group>
      {data.corrected ? (
        <Text size="sm" c="dimmed">
          Valor corrigido; os lançamentos somam {formatCents(data.lines_amount)}.
        </Text>
      ) : null}
      {data.lines_list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum lançamento nesta fatura.
        </Text>
      ) : (
        <DataTable label={`Lançamentos da fatura de ${dueDate}`} columns={lineColumns} minWidth={520}>
          {data.lines_list.map((line, index) => (
            <DataRow
              key={line.id ?? `projected-${index}`}
              label={line.name}
              opacity={line.ignored || line.projected ? 0.7 : undefined}
            >
              <DataCell column="name">
                <Stack gap={2}>
                  <Text size="sm">{line.name}</Text>
                  <Group gap={4}>
                    {line.instalment ? (
                      <Badge size="xs" variant="light" color="gray">
                        Parcela {line.instalment.number}/{line.instalment.count}
                      </Badge>
                    ) : null}
                    {line.projected ? (
                      <Badge size="xs" variant="light" color="violet">
                        Prevista
                      </Badge>
                    ) : null}
                    {line.ignored ? (
                      <Badge size="xs" variant="light" color="gray">
                        Ignorada
                      </Badge>
                    ) : null}
                  </Group>
                </Stack>
              </DataCell>
              <DataCell column="amount">
                <AmountText amount={line.amount} />
              </DataCell>
              <DataCell column="date">
                <Text size="sm">{line.date ? formatIsoDate(line.date) : '—'}</Text>
              </DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
