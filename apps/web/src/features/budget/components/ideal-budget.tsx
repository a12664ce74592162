import { Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { Budget, BudgetItem } from '@prumo/contract/budget';
import type { CategoryKind } from '@prumo/contract/categories';
import { formatCents } from '@prumo/domain/money/cents';
import { useState } from 'react';
import { amountColors } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { describeError } from '../../../lib/errors';
import { useIdealBudget } from '../api/get-ideal-budget';
import { kindLabels } from '../hooks/use-budget-category-options';
import { BudgetItemDeleteDialog } from './budget-item-delete-dialog';
import { BudgetItemDialog, type BudgetItemDraft, type ItemBudget } from './budget-item-dialog';

const idealBudget: ItemBudget = { kind: 'ideal' };

const sectionOrder: CategoryKind[] = ['income', 'expense', 'asset_transfer'];

function listItems(budget: Budget): BudgetItem[] {
  return [...budget.income_items, ...budget.expense_items_by_category.flatMap((group) => group.expense_items)];
}

function nameItem(item: BudgetItem): string {
  return `${item.category_name} · ${item.description_name ?? 'Toda a categoria'}`;
}

/**
 * orcamento-ideal: the client's ideal month, with no date — what a month's budget can start from
 * ('Copiar o orçamento ideal'). The client and their planner keep it; a manager only reads it.
 */
export function IdealBudget() {
  const budget = useIdealBudget();
  const readOnly = useIsReadOnlyClientView();
  const [draft, setDraft] = useState<BudgetItemDraft | null>(null);
  const [deleting, setDeleting] = useState<BudgetItem | null>(null);

  if (budget.isPending) return <PageLoader />;
  if (budget.isError) return <ErrorState message={describeError(budget.error)} onRetry={() => budget.refetch()} />;
  const items = listItems(budget.data);
  const totals: [string, number, string][] = [
    ['Receitas', budget.data.total_income, amountColors.income],
    ['Despesas', budget.data.total_expense, amountColors.expense],
    ['Investimentos', budget.data.total_asset_transfer, amountColors.expense],
  ];

  return (
    <Stack gap="md">
      <SectionHeader
        title="Orçamento ideal"
        description="Quanto deveria entrar e sair num mês típico. Um mês sem orçamento pode começar por uma cópia dele."
        actions={
          readOnly ? null : (
            <Button onClick={() => setDraft({ mode: 'create', category: null, description: null })}>Novo item</Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {totals.map(([label, amount, color]) => (
          <Paper key={label} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} c={color}>
              {formatCents(amount)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {items.length === 0 ? (
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed">
            Nenhum item no orçamento ideal ainda.
            {readOnly ? '' : ' Adicione receitas e despesas de um mês típico em "Novo item".'}
          </Text>
        </Paper>
      ) : (
        sectionOrder.map((kind) => {
          const ofKind = items.filter((item) => item.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <Paper key={kind} withBorder p="md">
              <SectionHeader title={kindLabels[kind]} />
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing="xs" aria-label={kindLabels[kind]}>
                  <Table.Tbody>
                    {ofKind.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>
                          <Text size="sm">{nameItem(item)}</Text>
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {formatCents(item.amount)}
                          </Text>
                        </Table.Td>
                        {readOnly ? null : (
                          <Table.Td ta="right" w={150}>
                            <Group gap={4} justify="flex-end" wrap="nowrap">
                              <Button
                                variant="subtle"
                                size="compact-xs"
                                aria-label={`Editar ${nameItem(item)}`}
                                onClick={() => setDraft({ mode: 'edit', item })}
                              >
                                Editar
                              </Button>
                              <Button
                                variant="subtle"
                                color="red"
                                size="compact-xs"
                                aria-label={`Excluir ${nameItem(item)}`}
                                onClick={() => setDeleting(item)}
                              >
                                Excluir
                              </Button>
                            </Group>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          );
        })
      )}
      {readOnly ? null : (
        <>
          <BudgetItemDialog budget={idealBudget} draft={draft} onClose={() => setDraft(null)} />
          <BudgetItemDeleteDialog budget={idealBudget} item={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Stack>
  );
}
