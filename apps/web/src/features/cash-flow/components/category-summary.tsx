import '@mantine/charts/styles.css';
import { BarsList } from '@mantine/charts';
import { Accordion, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, useMatches } from '@mantine/core';
import type { CashFlowSummary, SummaryGroup } from '@prumo/contract/cash-flow';
import { formatCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { SectionHeader } from '../../../components/section-header';

type GroupName = 'expense' | 'income' | 'asset_transfer' | 'own_transfer';

/**
 * By category: "Despesas" and "Receitas" (a refund in an expense category lowers the expenses), not
 * the "Entradas"/"Saídas" of the period chart, which adds money by the direction it moved.
 */
const groupLabels: Record<GroupName, string> = {
  expense: 'Despesas',
  income: 'Receitas',
  asset_transfer: 'Investimentos',
  own_transfer: 'Transferências',
};

const emptyTexts: Record<GroupName, string> = {
  expense: 'Nenhuma despesa no período.',
  income: 'Nenhuma receita no período.',
  asset_transfer: 'Nenhum investimento no período.',
  own_transfer: 'Nenhuma transferência entre contas no período.',
};

const barColors: Record<GroupName, string> = {
  expense: 'red.2',
  income: 'green.2',
  asset_transfer: 'gray.3',
  own_transfer: 'gray.3',
};

/** Chart lists with an amount are sorted by amount, descending (by size, whatever the sign). */
function sortByAmount<Item>(items: readonly Item[], readAmount: (item: Item) => number): Item[] {
  return [...items].sort((first, second) => Math.abs(readAmount(second)) - Math.abs(readAmount(first)));
}

function sumCategories(groups: readonly SummaryGroup[]): number {
  return groups.reduce((total, group) => total + group.categoryTotal, 0);
}

/** The period by category and description (cash-flow/summary/), with a bar chart of the categories. */
export function CategorySummary({ summary }: { summary: CashFlowSummary | undefined }) {
  const [groupName, setGroupName] = useState<GroupName>('expense');
  const isPhone = useMatches({ base: true, sm: false });
  if (!summary) return null;
  // Investments and money between the client's own accounts (a card bill paid) count in neither
  // Despesas nor Receitas: each has its own tab when the period has some.
  const availableGroups = (['expense', 'income', 'asset_transfer', 'own_transfer'] as const).filter(
    (name) => name === 'expense' || name === 'income' || (summary[name]?.length ?? 0) > 0,
  );
  const categories = sortByAmount(summary[groupName] ?? [], (group) => group.categoryTotal);
  const label = groupLabels[groupName];

  return (
    <Paper withBorder p="md">
      <SectionHeader
        title="Resumo por categoria"
        actions={
          <SegmentedControl
            aria-label="Grupo do resumo"
            size="xs"
            // Up to four groups do not fit a phone's width side by side: one above the other there.
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth={isPhone}
            w={isPhone ? '100%' : undefined}
            value={groupName}
            onChange={(value) => setGroupName(value as GroupName)}
            data={availableGroups.map((name) => ({ value: name, label: groupLabels[name] }))}
          />
        }
      />
      {categories.length === 0 ? (
        <Text size="sm" c="dimmed">
          {emptyTexts[groupName]}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="xs" role="figure" aria-label={`${label} por categoria`}>
            <Text size="sm" fw={600}>
              {label} por categoria
            </Text>
            <BarsList
              data={categories.map((group) => ({
                name: group.categoryName,
                value: Math.abs(group.categoryTotal),
                color: barColors[groupName],
              }))}
              barTextColor="dark.7"
              minBarSize={4}
              // A small category's name runs past its bar instead of wrapping inside it.
              styles={{ barLabel: { whiteSpace: 'nowrap', overflow: 'visible' } }}
              valueFormatter={(value) => formatCents(value)}
              barsLabel="Categoria"
              valueLabel="Total"
            />
          </Stack>
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm" fw={600}>
                Total de {label.toLowerCase()}
              </Text>
              <AmountText amount={sumCategories(categories)} />
            </Group>
            <Accordion multiple variant="separated" chevronPosition="left">
              {categories.map((group) => (
                <Accordion.Item key={String(group.categoryId)} value={String(group.categoryId ?? 'sem-categoria')}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="nowrap" pr="sm">
                      <Text size="sm">{group.categoryName}</Text>
                      <AmountText amount={group.categoryTotal} />
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap={6}>
                      {sortByAmount(group.descriptions, (description) => description.descriptionTotal).map(
                        (description) => (
                          <Group key={String(description.descriptionId)} justify="space-between" wrap="nowrap">
                            <Text size="sm" c="dimmed">
                              {description.descriptionName}
                              {description.descriptionAmountPlanned !== null
                                ? ` (planejado ${formatCents(description.descriptionAmountPlanned)})`
                                : ''}
                            </Text>
                            <AmountText amount={description.descriptionTotal} size="sm" fw={400} />
                          </Group>
                        ),
                      )}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        </SimpleGrid>
      )}
    </Paper>
  );
}
