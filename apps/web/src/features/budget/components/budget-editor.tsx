import { Button, Group, Stack, Text } from '@mantine/core';
import type { Budget, BudgetItem } from '@prumo/contract/budget';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { describeError } from '../../../lib/errors';
import { useBudgetComparison } from '../api/get-budget-comparison';
import { BudgetItemDeleteDialog } from './budget-item-delete-dialog';
import { BudgetItemDialog, type BudgetItemDraft } from './budget-item-dialog';
import { BudgetTable } from './budget-table';
import { BudgetTotals } from './budget-totals';

/** A budget as its query stands: loading, failed (with a retry), or open in the editor. */
export function BudgetQueryEditor({ budget, stale = false }: { budget: UseQueryResult<Budget>; stale?: boolean }) {
  if (budget.isPending) return <PageLoader />;
  if (budget.isError) return <ErrorState message={describeError(budget.error)} onRetry={() => budget.refetch()} />;
  if (budget.data.id === null) return null;
  // One editor per budget: an open dialog never carries over to another month.
  return <BudgetEditor key={budget.data.id} budget={{ ...budget.data, id: budget.data.id }} stale={stale} />;
}

/**
 * A monthly budget to read and change: the totals, planned against actual per category and
 * description, and the dialogs to add, edit and delete items. A manager viewing a client only reads it.
 */
export function BudgetEditor({ budget, stale = false }: { budget: Budget & { id: number }; stale?: boolean }) {
  const comparison = useBudgetComparison(budget.id);
  const readOnly = useIsReadOnlyClientView();
  const [draft, setDraft] = useState<BudgetItemDraft | null>(null);
  const [deleting, setDeleting] = useState<BudgetItem | null>(null);
  const itemBudget = { kind: 'month', id: budget.id } as const;

  if (comparison.isPending) return <PageLoader />;
  if (comparison.isError) {
    return <ErrorState message={describeError(comparison.error)} onRetry={() => comparison.refetch()} />;
  }
  return (
    <Stack gap="md">
      <BudgetTotals comparison={comparison.data} />
      {readOnly ? null : (
        <Group justify="flex-end">
          <Button onClick={() => setDraft({ mode: 'create', category: null, description: null })}>Novo item</Button>
        </Group>
      )}
      <BudgetTable
        budget={budget}
        comparison={comparison.data}
        stale={stale || comparison.isPlaceholderData}
        actions={
          readOnly
            ? undefined
            : {
                onAdd: (category, description) => setDraft({ mode: 'create', category, description }),
                onEdit: (item) => setDraft({ mode: 'edit', item }),
                onDelete: setDeleting,
              }
        }
      />
      <Text size="xs" c="dimmed">
        O realizado vem do caixa do mês (pela data de caixa), sem as transações e contas ignoradas.
      </Text>
      {readOnly ? null : (
        <>
          <BudgetItemDialog budget={itemBudget} draft={draft} onClose={() => setDraft(null)} />
          <BudgetItemDeleteDialog budget={itemBudget} item={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </Stack>
  );
}
