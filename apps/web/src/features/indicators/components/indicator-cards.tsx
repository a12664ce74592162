import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { IndicatorFigures } from '@prumo/contract/indicators';
import { formatMonthNumber } from '@prumo/domain/budget/target-month';
import { formatCents } from '@prumo/domain/money/cents';
import type { ReactNode } from 'react';
import { formatShare } from './indicator-format';

function FigureCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fz="xl" fw={700} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {children ? (
          <Text size="xs" c="dimmed">
            {children}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The organization's figures over the period, one card each. */
export function IndicatorCards({ figures, budgetMonth }: { figures: IndicatorFigures; budgetMonth: string }) {
  const subscriptions = figures.subscriptions;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <FigureCard label="Clientes ativos" value={String(figures.active_clients)}>
        {figures.new_clients} novos, {figures.lost_clients} perdidos e {figures.paused_clients} em pausa
      </FigureCard>
      <FigureCard label="Conversão de prospects" value={formatShare(figures.conversion_rate)}>
        {figures.prospects_by_stage.convertido} de {figures.prospects} prospects do período convertidos
      </FigureCard>
      <FigureCard label="Importaram em 30 dias" value={formatShare(figures.recent_import_share)}>
        {figures.clients_with_recent_import} de {figures.active_clients} clientes ativos
      </FigureCard>
      <FigureCard label="Lançamentos categorizados" value={formatShare(figures.categorized_share)}>
        {figures.categorized_lines} de {figures.lines} lançamentos do período
      </FigureCard>
      <FigureCard label="Dentro do orçamento" value={formatShare(figures.within_budget_share)}>
        {figures.clients_within_budget} de {figures.clients_with_budget} clientes com orçamento em{' '}
        {formatMonthNumber(budgetMonth)}
      </FigureCard>
      <FigureCard label="Planejamentos enviados" value={String(figures.plannings_sent)}>
        {figures.plannings_accepted} aceitos pelos clientes
      </FigureCard>
      {subscriptions ? (
        <>
          <FigureCard label="Receita recorrente mensal" value={formatCents(subscriptions.monthly_recurring_revenue)}>
            {subscriptions.paying_subscriptions} assinaturas pagantes
          </FigureCard>
          <FigureCard label="Cobranças falhas" value={String(subscriptions.failed_charges)}>
            {formatCents(subscriptions.failed_charges_amount)} no período
          </FigureCard>
        </>
      ) : null}
    </SimpleGrid>
  );
}
