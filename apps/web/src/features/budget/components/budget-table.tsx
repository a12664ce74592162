import { Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Budget, BudgetComparison, BudgetItem, ComparedAmounts, ComparedCategory } from '@prumo/contract/budget';
import { formatCents } from '@prumo/domain/money/cents';
import { Fragment, type ReactNode } from 'react';
import { amountColors } from '../../../components/amount-text';
import { usePhoneLayout } from '../../../components/data-table';
import { SectionHeader } from '../../../components/section-header';

type SectionName = 'income' | 'expense' | 'asset_transfer';

const sections: { name: SectionName; title: string; emptyText: string }[] = [
  { name: 'income', title: 'Receitas', emptyText: 'Nenhuma receita planejada ou recebida no mês.' },
  { name: 'expense', title: 'Despesas', emptyText: 'Nenhuma despesa planejada ou paga no mês.' },
  {
    name: 'asset_transfer',
    title: 'Investimentos',
    emptyText: 'Nenhum investimento planejado ou feito no mês.',
  },
];

/** Income green, expense red (money set aside goes out too). */
function pickSectionColor(name: SectionName): string {
  return name === 'income' ? amountColors.income : amountColors.expense;
}

/**
 * The name of a row: a category's row without description is its plan for the whole category, named
 * as the item dialog names it ("Toda a categoria"); the uncategorized lines keep "Sem descrição".
 */
function nameDescription(category: ComparedCategory, row: ComparedCategory['descriptions'][number]): string {
  return category.category.id !== null && row.description.id === null ? 'Toda a categoria' : row.description.name;
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

interface BudgetTableProps {
  budget: Budget;
  comparison: BudgetComparison;
  stale?: boolean;
  /** Left out for a reader who changes nothing: no action shows. */
  actions?: BudgetTableActions;
}

/** Planned against actual, per category and description, with the actions on each planned item. */
export function BudgetTable({ budget, comparison, stale = false, actions }: BudgetTableProps) {
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

/**
 * What is left to receive or to spend. Past the plan, the excess shows as a positive amount with what
 * it means: more received than planned (green), or spent over the budget (red), never a negative "A receber".
 */
function DifferenceCell({ name, amounts, strong }: { name: SectionName; amounts: ComparedAmounts; strong?: boolean }) {
  if (amounts.difference >= 0) return <AmountCell amount={amounts.difference} strong={strong} />;
  const income = name === 'income';
  const color = income ? amountColors.income : amountColors.expense;
  return (
    <Table.Td ta="right">
      <Text size="sm" fw={strong ? 600 : 400} c={color} style={{ whiteSpace: 'nowrap' }}>
        {formatCents(-amounts.difference)}
      </Text>
      <Text size="xs" c={color} style={{ whiteSpace: 'nowrap' }}>
        {income ? 'recebido a mais' : 'acima do orçado'}
      </Text>
    </Table.Td>
  );
}

interface SectionTableProps {
  name: SectionName;
  categories: ComparedCategory[];
  totals: ComparedAmounts;
  itemsByKey: Map<string, BudgetItem>;
  actions: BudgetTableActions | undefined;
}

function CategoryActions({ category, actions }: { category: ComparedCategory; actions: BudgetTableActions }) {
  const categoryId = category.category.id;
  if (categoryId === null) return null;
  return (
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
  );
}

function RowActions({
  category,
  row,
  item,
  actions,
}: {
  category: ComparedCategory;
  row: ComparedCategory['descriptions'][number];
  item: BudgetItem | undefined;
  actions: BudgetTableActions;
}) {
  const categoryId = category.category.id;
  const label = `${category.category.name} · ${nameDescription(category, row)}`;
  return (
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
  );
}

/** The difference as words, for the stacked (phone) layout. */
function DifferenceText({ name, amounts }: { name: SectionName; amounts: ComparedAmounts }) {
  if (amounts.difference >= 0) {
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {name === 'income' ? 'A receber' : 'Disponível'}: {formatCents(amounts.difference)}
      </Text>
    );
  }
  const income = name === 'income';
  return (
    <Text size="sm" c={income ? amountColors.income : amountColors.expense} style={{ whiteSpace: 'nowrap' }}>
      {income ? 'Recebido a mais' : 'Acima do orçado'}: {formatCents(-amounts.difference)}
    </Text>
  );
}

/** One line of the stacked layout: its name, planned, actual and difference, and its actions. */
function StackedAmounts({
  title,
  name,
  amounts,
  strong = false,
  actions,
}: {
  title: string;
  name: SectionName;
  amounts: ComparedAmounts;
  strong?: boolean;
  actions?: ReactNode;
}) {
  const color = pickSectionColor(name);
  return (
    <Stack gap={2} py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={strong ? 600 : 400}>
          {title}
        </Text>
        {actions}
      </Group>
      <Group gap="md" style={{ rowGap: 0 }}>
        <Text size="sm" c={color} fw={strong ? 600 : 400} style={{ whiteSpace: 'nowrap' }}>
          Planejado: {formatCents(amounts.planned)}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          Realizado: {formatCents(amounts.actual)}
        </Text>
        <DifferenceText name={name} amounts={amounts} />
      </Group>
    </Stack>
  );
}

/** Below the table's width (phones, small tablets) the columns stack: each category and item is a block, with nothing to scroll sideways. */
function SectionStack({ name, categories, totals, itemsByKey, actions }: SectionTableProps) {
  return (
    <Stack gap={0}>
      {categories.map((category) => {
        const categoryId = category.category.id;
        return (
          <Fragment key={String(categoryId)}>
            <StackedAmounts
              title={category.category.name}
              name={name}
              amounts={category}
              strong
              actions={actions ? <CategoryActions category={category} actions={actions} /> : undefined}
            />
            <Stack gap={0} pl="md">
              {category.descriptions.map((row) => {
                const item = categoryId === null ? undefined : itemsByKey.get(`${categoryId}/${row.description.id}`);
                return (
                  <StackedAmounts
                    key={String(row.description.id)}
                    title={nameDescription(category, row)}
                    name={name}
                    amounts={row}
                    actions={
                      actions ? <RowActions category={category} row={row} item={item} actions={actions} /> : undefined
                    }
                  />
                );
              })}
            </Stack>
          </Fragment>
        );
      })}
      <StackedAmounts title="Total" name={name} amounts={totals} strong />
    </Stack>
  );
}

function SectionTable(properties: SectionTableProps) {
  const phone = usePhoneLayout();
  return phone ? <SectionStack {...properties} /> : <SectionColumns {...properties} />;
}

function SectionColumns({ name, categories, totals, itemsByKey, actions }: SectionTableProps) {
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
            {actions ? (
              <Table.Th>
                <VisuallyHidden>Ações</VisuallyHidden>
              </Table.Th>
            ) : null}
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
                  {actions ? (
                    <Table.Td>
                      <CategoryActions category={category} actions={actions} />
                    </Table.Td>
                  ) : null}
                </Table.Tr>
                {category.descriptions.map((row) => {
                  const item = categoryId === null ? undefined : itemsByKey.get(`${categoryId}/${row.description.id}`);
                  return (
                    <Table.Tr key={String(row.description.id)}>
                      <Table.Td pl="xl">
                        <Text size="sm">{nameDescription(category, row)}</Text>
                      </Table.Td>
                      <AmountCell amount={row.planned} color={color} />
                      <AmountCell amount={row.actual} color={color} />
                      <DifferenceCell name={name} amounts={row} />
                      {actions ? (
                        <Table.Td>
                          <RowActions category={category} row={row} item={item} actions={actions} />
                        </Table.Td>
                      ) : null}
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
            {actions ? <Table.Td /> : null}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
