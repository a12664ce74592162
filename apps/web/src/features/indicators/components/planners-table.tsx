import { Text } from '@mantine/core';
import type { PlannerIndicators } from '@prumo/contract/indicators';
import { formatCents } from '@prumo/domain/money/cents';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { describePlanner, formatShare } from './indicator-format';

const columns: DataColumn[] = [
  { key: 'planner', header: 'Planejador', phone: 'title' },
  { key: 'active', header: 'Ativos', align: 'right', phone: 'aside' },
  { key: 'won', header: 'Novos / perdidos', align: 'right', nowrap: true },
  { key: 'prospects', header: 'Prospects', align: 'right' },
  { key: 'conversion', header: 'Conversão', align: 'right' },
  { key: 'imports', header: 'Importaram em 30 dias', align: 'right' },
  { key: 'categorized', header: 'Categorizados', align: 'right' },
  { key: 'budget', header: 'Dentro do orçamento', align: 'right' },
  { key: 'plannings', header: 'Planejamentos enviados / aceitos', align: 'right', nowrap: true },
];

const revenueColumn: DataColumn = { key: 'revenue', header: 'Receita recorrente', align: 'right', nowrap: true };

/** Each planner's figures (the manager's own prospects, the clients without a planner): cards on a phone. */
export function PlannersTable({ planners }: { planners: PlannerIndicators[] }) {
  if (planners.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        A organização ainda não tem planejadores.
      </Text>
    );
  }
  const withRevenue = planners.some((row) => row.subscriptions !== null);
  return (
    <DataTable
      label="Indicadores por planejador"
      columns={withRevenue ? [...columns, revenueColumn] : columns}
      minWidth={980}
    >
      {planners.map((row) => {
        const name = describePlanner(row.planner);
        return (
          <DataRow key={row.planner?.id ?? 'none'} label={name}>
            <DataCell column="planner">
              <Text size="sm" fw={600}>
                {name}
              </Text>
            </DataCell>
            <DataCell column="active">
              <Text size="sm" fw={600}>
                {row.active_clients}
              </Text>
            </DataCell>
            <DataCell column="won">
              {row.new_clients} / {row.lost_clients}
            </DataCell>
            <DataCell column="prospects">{row.prospects}</DataCell>
            <DataCell column="conversion">{formatShare(row.conversion_rate)}</DataCell>
            <DataCell column="imports">{formatShare(row.recent_import_share)}</DataCell>
            <DataCell column="categorized">{formatShare(row.categorized_share)}</DataCell>
            <DataCell column="budget">{formatShare(row.within_budget_share)}</DataCell>
            <DataCell column="plannings">
              {row.plannings_sent} / {row.plannings_accepted}
            </DataCell>
            <DataCell column="revenue">
              {row.subscriptions ? formatCents(row.subscriptions.monthly_recurring_revenue) : '—'}
            </DataCell>
          </DataRow>
        );
      })}
    </DataTable>
  );
}
