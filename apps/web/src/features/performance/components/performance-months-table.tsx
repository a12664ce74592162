import { Text } from '@mantine/core';
import type { PerformanceMonth } from '@prumo/contract/performance';
import { formatCents } from '@prumo/domain/money/cents';
import { amountColors, pickAmountColor } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { formatRate } from './rate-format';

const columns: DataColumn[] = [
  { key: 'month', header: 'Mês', phone: 'title' },
  { key: 'result', header: 'Guardado', phone: 'aside', align: 'right', nowrap: true },
  { key: 'income', header: 'Receitas', align: 'right', nowrap: true },
  { key: 'expense', header: 'Despesas', align: 'right', nowrap: true },
  { key: 'rate', header: 'Taxa de poupança', align: 'right', nowrap: true },
  { key: 'planned', header: 'Despesas planejadas', align: 'right', nowrap: true },
  { key: 'invested', header: 'Investido', align: 'right', nowrap: true },
  { key: 'netWorth', header: 'Patrimônio no fim do mês', align: 'right', nowrap: true },
];

function Amount({ amount, color }: { amount: number; color?: string }) {
  return (
    <Text size="sm" c={color} style={{ whiteSpace: 'nowrap' }}>
      {formatCents(amount)}
    </Text>
  );
}

/** The period's months, newest first: what came in and went out, what was saved, the plan and net worth. */
export function PerformanceMonthsTable({ months, currentMonth }: { months: PerformanceMonth[]; currentMonth: string }) {
  return (
    <DataTable label="Meses do período" columns={columns} minWidth={980}>
      {[...months].reverse().map((month) => (
        <DataRow key={month.month} label={month.date} fw={month.month === currentMonth ? 600 : undefined}>
          <DataCell column="month">
            <Text size="sm" fw={600}>
              {month.date}
            </Text>
            {month.month === currentMonth ? (
              <Text size="xs" c="dimmed">
                mês atual, até hoje
              </Text>
            ) : null}
          </DataCell>
          <DataCell column="result">
            <Amount amount={month.result} color={pickAmountColor(month.result)} />
          </DataCell>
          <DataCell column="income">
            <Amount amount={month.income} color={amountColors.income} />
          </DataCell>
          <DataCell column="expense">
            <Amount amount={month.expense} color={amountColors.expense} />
          </DataCell>
          <DataCell column="rate">{formatRate(month.savingsRate)}</DataCell>
          <DataCell column="planned">
            {month.plannedFrom ? (
              <Amount amount={month.planned.expense} />
            ) : (
              <Text size="sm" c="dimmed">
                Sem orçamento
              </Text>
            )}
          </DataCell>
          <DataCell column="invested">
            <Amount amount={month.invested} />
          </DataCell>
          <DataCell column="netWorth">
            {month.netWorth === null ? (
              <Text size="sm" c="dimmed">
                —
              </Text>
            ) : (
              <Amount amount={month.netWorth} color={pickAmountColor(month.netWorth)} />
            )}
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
