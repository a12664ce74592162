import { Anchor, Stack, Table, Text } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';
import { Link } from 'react-router';
import { amountColors } from '../../../components/amount-text';
import { TaskStatusBadge } from '../../../components/task-status-badge';
import type { FutureFlowMonth } from '../../../types/future-flow-api';

/** Planned over actual, in the colour of the money (calls-payments §9: income green, expense red). */
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

/**
 * The months of the future flow: planned and actual income, expense and investments (apart from the
 * result, ADR 12), where the plan comes from
 * and the planning task. Each month opens its budget.
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
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Meses do fluxo futuro">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mês</Table.Th>
            <Table.Th>Receitas planejadas</Table.Th>
            <Table.Th>Despesas planejadas</Table.Th>
            <Table.Th>Investimentos planejados</Table.Th>
            <Table.Th>Resultado planejado</Table.Th>
            <Table.Th>Plano</Table.Th>
            <Table.Th>Planejamento</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((month) => (
            <Table.Tr key={month.month} fw={month.month === currentMonth ? 600 : undefined}>
              <Table.Td>
                <Anchor component={Link} to={getMonthHref(month)} size="sm" fw={600}>
                  {month.date}
                </Anchor>
                {month.month === currentMonth ? (
                  <Text size="xs" c="dimmed">
                    mês atual
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <PlannedAndActual
                  planned={month.planned.income}
                  actual={month.summary.income}
                  color={amountColors.income}
                />
              </Table.Td>
              <Table.Td>
                <PlannedAndActual
                  planned={month.planned.expense}
                  actual={month.summary.expense}
                  color={amountColors.expense}
                />
              </Table.Td>
              <Table.Td>
                <PlannedAndActual
                  planned={month.planned.assetTransfer}
                  actual={month.summary.assetTransfer}
                  color={amountColors.expense}
                />
              </Table.Td>
              <Table.Td>
                <PlannedAndActual
                  planned={month.planned.result}
                  actual={month.summary.result}
                  color={month.planned.result < 0 ? amountColors.expense : amountColors.income}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={month.plannedFrom ? undefined : 'dimmed'}>
                  {describePlanOrigin(month)}
                </Text>
              </Table.Td>
              <Table.Td>
                {month.taskStatus ? (
                  <TaskStatusBadge status={month.taskStatus} />
                ) : (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
