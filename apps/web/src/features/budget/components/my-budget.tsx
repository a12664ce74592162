import { Stack } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { useMonthBudget } from '../api/get-month-budget';
import { useBudgetMonth } from '../hooks/use-budget-month';
import { BudgetEditor } from './budget-editor';
import { BudgetMonthSwitcher } from './budget-month-switcher';

/** meu-orcamento: the client's budget of a month, planned against what the cash flow shows. */
export function MyBudget() {
  const [targetMonth, setTargetMonth] = useBudgetMonth();
  const budget = useMonthBudget(targetMonth);
  return (
    <Stack gap="md">
      <SectionHeader
        title="Meu orçamento"
        description="Planeje quanto entra e quanto sai no mês e acompanhe o realizado."
        actions={<BudgetMonthSwitcher targetMonth={targetMonth} onChange={setTargetMonth} />}
      />
      {budget.isPending ? (
        <PageLoader />
      ) : budget.isError ? (
        <ErrorState message={describeError(budget.error)} onRetry={() => budget.refetch()} />
      ) : budget.data.id === null ? null : (
        <BudgetEditor
          // One editor per budget: an open dialog never carries over to another month.
          key={budget.data.id}
          budget={{ ...budget.data, id: budget.data.id }}
          stale={budget.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
