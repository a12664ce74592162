import { Anchor, Stack, Text } from '@mantine/core';
import type { FutureFlowMonth } from '@prumo/contract/future-flow';
import { formatCents } from '@prumo/domain/money/cents';
import { Link } from 'react-router';
import { amountColors } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { TaskStatusBadge } from '../../../components/task-status-badge';
import { ExpectedPaymentsCell } from './expected-payments-cell';

/** Planned over actual, in the colour of the money (income green, expense red). */
function PlannedAndActual({ planned, actual, color }: { planned: number; actual: number; color: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} c={color} style={{ whiteSpace: 'nowrap' }}>
        {formatCents(planned)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Realizado: {formatCents(actual)}
      </Text>
    </Stack>
  );
}

function describePlanOrigin(month: FutureFlowMonth): string {
  if (!month.plannedFrom) return 'Sem orçamento';
  return month.carried ? `Segue ${month.plannedFrom.date}` : 'Orçamento do mês';
}

const monthColumns: DataColumn[] = [
  { key: 'month', header: 'Mês', phone: 'title' },
  { key: 'income', header: 'Receitas planejadas' },
  { key: 'expense', header: 'Despesas planejadas' },
  { key: 'investments', header: 'Investimentos planejados' },
  { key: 'result', header: 'Resultado planejado' },
  { key: 'expected', header: 'Contas previstas', phone: 'wide' },
  { key: 'plan', header: 'Plano' },
  { key: 'planning', header: 'Planejamento', phone: 'aside' },
];

/**
 * The months of the future flow: planned and actual income, expense and investments (apart from the
 * result, ADR 12), what is due (bill reminders, debt payments: beside the plan, ADR 24), where the
 * plan comes from and the planning task. Each month opens its budget.
 */
export function FutureFlowMonthsTable({
  months,
  currentMonth,
  getMonthHref,
}: {
  months: FutureFlowMonth[];
  currentMonth: string;
  getMonthHref: (month: FutureFlowMonth) => string;
}) {
  return (
    <DataTable label="Meses do fluxo futuro" columns={monthColumns} minWidth={1100}>
      {months.map((month) => (
        <DataRow key={month.month} label={month.date} fw={month.month === currentMonth ? 600 : undefined}>
          <DataCell column="month">
            <Anchor component={Link} to={getMonthHref(month)} size="sm" fw={600}>
              {month.date}
            </Anchor>
            {month.month === currentMonth ? (
              <Text size="xs" c="dimmed">
                mês atual
              </Text>
            ) : null}
          </DataCell>
          <DataCell column="income">
            <PlannedAndActual
              planned={month.planned.income}
              actual={month.summary.income}
              color={amountColors.income}
            />
          </DataCell>
          <DataCell column="expense">
            <PlannedAndActual
              planned={month.planned.expense}
              actual={month.summary.expense}
              color={amountColors.expense}
            />
          </DataCell>
          <DataCell column="investments">
            <PlannedAndActual
              planned={month.planned.assetTransfer}
              actual={month.summary.assetTransfer}
              color={amountColors.expense}
            />
          </DataCell>
          <DataCell column="result">
            <PlannedAndActual
              planned={month.planned.result}
              actual={month.summary.result}
              color={month.planned.result < 0 ? amountColors.expense : amountColors.income}
            />
          </DataCell>
          <DataCell column="expected">
            <ExpectedPaymentsCell expected={month.expected} />
          </DataCell>
          <DataCell column="plan">
            <Text size="sm" c={month.plannedFrom ? undefined : 'dimmed'}>
              {describePlanOrigin(month)}
            </Text>
          </DataCell>
          <DataCell column="planning">
            {month.taskStatus ? (
              <TaskStatusBadge status={month.taskStatus} />
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
