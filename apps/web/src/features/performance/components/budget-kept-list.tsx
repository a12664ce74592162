import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { BudgetKept } from '@prumo/contract/performance';
import { formatCents } from '@prumo/domain/money/cents';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';

const columns: DataColumn[] = [
  { key: 'category', header: 'Categoria', phone: 'title' },
  { key: 'status', header: 'Situação', phone: 'aside' },
  { key: 'planned', header: 'Planejado', align: 'right', nowrap: true },
  { key: 'actual', header: 'Realizado', align: 'right', nowrap: true },
  { key: 'difference', header: 'Diferença', align: 'right', nowrap: true },
  { key: 'used', header: 'Usado do orçamento', phone: 'wide', width: 200 },
];

function StatusBadge({ over }: { over: boolean }) {
  return over ? (
    <Badge color="red" variant="light">
      Acima do orçamento
    </Badge>
  ) : (
    <Badge color="green" variant="light">
      Dentro
    </Badge>
  );
}

/** How much of the planned amount was spent: full bar at 100 %, red beyond it. */
function UsedBar({ planned, actual }: { planned: number; actual: number }) {
  if (planned <= 0) {
    return (
      <Text size="xs" c="dimmed">
        Nada planejado
      </Text>
    );
  }
  const used = Math.round((actual / planned) * 100);
  return (
    <Stack gap={2}>
      <Progress
        value={Math.min(Math.max(used, 0), 100)}
        color={actual > planned ? 'red' : 'teal'}
        aria-label={`${used}% do planejado`}
      />
      <Text size="xs" c="dimmed">
        {used}% do planejado
      </Text>
    </Stack>
  );
}

/** The budget kept: expense categories, planned against actual, over the months that follow a plan. */
export function BudgetKeptList({ budget }: { budget: BudgetKept }) {
  const rows = [...budget.categories, { category: { id: -1, name: 'Total das despesas' }, ...budget.total }];
  return (
    <DataTable label="Orçamento cumprido por categoria" columns={columns} minWidth={760}>
      {rows.map((row) => (
        <DataRow
          key={row.category.id ?? 'none'}
          label={row.category.name}
          fw={row.category.id === -1 ? 700 : undefined}
          bg={row.overBudget ? 'var(--mantine-color-red-light)' : undefined}
        >
          <DataCell column="category">
            <Text size="sm" fw={row.category.id === -1 ? 700 : 500}>
              {row.category.name}
            </Text>
          </DataCell>
          <DataCell column="status">
            <StatusBadge over={row.overBudget} />
          </DataCell>
          <DataCell column="planned">{formatCents(row.planned)}</DataCell>
          <DataCell column="actual">{formatCents(row.actual)}</DataCell>
          <DataCell column="difference">
            <Text size="sm" c={row.difference < 0 ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {formatCents(row.difference)}
            </Text>
          </DataCell>
          <DataCell column="used">
            <UsedBar planned={row.planned} actual={row.actual} />
          </DataCell>
        </DataRow>
      ))}
    </DataTable>
  );
}
