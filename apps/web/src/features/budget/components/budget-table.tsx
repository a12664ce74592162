import { Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';
import { Fragment } from 'react';
import { amountColors } from '../../../components/amount-text';
import { SectionHeader } from '../../../components/section-header';
import type {
  Budget,
  BudgetComparison,
  BudgetItem,
  ComparedAmounts,
  ComparedCategory,
} from '../../../types/budget-api';

type SectionName = 'income' | 'expense' | 'asset_transfer';

const sections: { name: SectionName; title: string; emptyText: string }[] = [
  { name: 'income', title: 'Receitas', emptyText: 'Nenhuma receita planejada ou recebida no mês.' },
  { name: 'expense', title: 'Despesas', emptyText: 'Nenhuma despesa planejada ou paga no mês.' },
  {
    name: 'asset_transfer',
    title: 'Investimentos e transferências',
    emptyText: 'Nenhum investimento planejado ou feito no mês.',
  },
];

/** calls-payments §9: income green, expense red (money set aside goes out too). */
function pickSectionColor(name: SectionName): string {
  return name === 'income' ? amountColors.income : amountColors.expense;
}

/** Every item of a budget by "category/description", the key the comparison's rows carry too. */
export function indexBudgetItems(budget: Budget): Map<string, BudgetItem> {
  const items = [...budget.expense_items_by_category.flatMap((group) => group.expense_items), ...budget.income_items];
  return new Map(items.map((item) => [`${item.category}/${item.description}`, item]));
}

export interface BudgetTableActions {
  onAdd: (category: number, description: number | null) => void;
  onEdit: (item: BudgetItem) => void;
  onDelete: (item: BudgetItem) => void;
}

interface BudgetTableProps extends BudgetTableActions {
  budget: Budget;
  comparison: BudgetComparison;
  stale?: boolean;
}

/** Planned against actual, per category and description, with the actions on each planned item. */
export function BudgetTable({ budget, comparison, stale = false, ...actions }: BudgetTableProps) {
  const itemsByKey = indexBudgetItems(budget);
  return (
    <>
      {sections
        .filter((section) => section.name !== 'asset_transfer' || comparison.asset_transfer.length > 0)
        .map((section) => (
          <Paper key={section.name} withBorder p="md" opacity={stale ? 0.6 : 1}>
            <SectionHeader title={section.title} />
            {comparison[section.name].length === 0 ? (
              <Text size="sm" c="dimmed">
                {section.emptyText}
              </Text>
            ) : (
              <SectionTable
                name={section.name}
                categories={comparison[section.name]}
                totals={comparison.totals[section.name]}
                itemsByKey={itemsByKey}
                actions={actions}
              />
            )}
          </Paper>
        ))}
    </>
  );
}

function AmountCell({ amount, color, strong = false }: { amount: number; color?: string; strong?: boolean }) {
  return (
    <Table.Td ta="right">
      <Text size="sm" fw={strong ? 600 : 400} c={color} style={{ whiteSpace: 'nowrap' }}>
        {formatCents(amount)}
      </Text>
    </Table.Td>
  );
}

/** Over the budget (spent more than planned) shows red; anything else stays plain. */
function DifferenceCell({ name, amounts, strong }: { name: SectionName; amounts: ComparedAmounts; strong?: boolean }) {
  const over = name !== 'income' && amounts.difference < 0;
  return <AmountCell amount={amounts.difference} color={over ? amountColors.expense : undefined} strong={strong} />;
}

interface SectionTableProps {
  name: SectionName;
  categories: ComparedCategory[];
  totals: ComparedAmounts;
  itemsByKey: Map<string, BudgetItem>;
  actions: BudgetTableActions;
}

function SectionTable({ name, categories, totals, itemsByKey, actions }: SectionTableProps) {
  const color = pickSectionColor(name);
  const differenceLabel = name === 'income' ? 'A receber' : 'Disponível';
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Categoria e descrição</Table.Th>
            <Table.Th ta="right">Planejado</Table.Th>
            <Table.Th ta="right">Realizado</Table.Th>
            <Table.Th ta="right">{differenceLabel}</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((category) => {
            const categoryId = category.category.id;
            return (
              <Fragment key={String(categoryId)}>
                <Table.Tr bg="var(--mantine-color-gray-0)">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {category.category.name}
                    </Text>
                  </Table.Td>
                  <AmountCell amount={category.planned} color={color} strong />
                  <AmountCell amount={category.actual} color={color} strong />
                  <DifferenceCell name={name} amounts={category} strong />
                  <Table.Td>
                    {categoryId !== null ? (
                      <Group justify="flex-end">
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Adicionar item em ${category.category.name}`}
                          onClick={() => actions.onAdd(categoryId, null)}
                        >
                          Adicionar
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
                {category.descriptions.map((row) => {
                  const item = categoryId === null ? undefined : itemsByKey.get(`${categoryId}/${row.description.id}`);
                  const label = `${category.category.name} · ${row.description.name}`;
                  return (
                    <Table.Tr key={String(row.description.id)}>
                      <Table.Td pl="xl">
                        <Text size="sm">{row.description.name}</Text>
                      </Table.Td>
                      <AmountCell amount={row.planned} color={color} />
                      <AmountCell amount={row.actual} color={color} />
                      <DifferenceCell name={name} amounts={row} />
                      <Table.Td>
                        <Group justify="flex-end" gap={4} wrap="nowrap">
                          {item ? (
                            <>
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                aria-label={`Editar ${label}`}
                                onClick={() => actions.onEdit(item)}
                              >
                                Editar
                              </Button>
                              <Button
                                size="compact-xs"
                                variant="subtle"
                                color="red"
                                aria-label={`Excluir ${label}`}
                                onClick={() => actions.onDelete(item)}
                              >
                                Excluir
                              </Button>
                            </>
                          ) : categoryId !== null ? (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              aria-label={`Planejar ${label}`}
                              onClick={() => actions.onAdd(categoryId, row.description.id)}
                            >
                              Planejar
                            </Button>
                          ) : null}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Fragment>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            <AmountCell amount={totals.planned} color={color} strong />
            <AmountCell amount={totals.actual} color={color} strong />
            <DifferenceCell name={name} amounts={totals} strong />
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
