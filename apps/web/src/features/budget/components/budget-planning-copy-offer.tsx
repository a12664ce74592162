import { Button, Group, Paper, Text } from '@mantine/core';
import { formatMonthName } from '@prumo/domain/budget/target-month';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { type MonthBudgetCopy, useCopyMonthBudget, useMonthBudgetSources } from '../api/copy-month-budget';

interface BudgetPlanningCopyOfferProps {
  /** The planned month's first day, "2026-12-01". */
  targetMonth: string;
  /** The offer shows only while the month plans nothing. */
  isMonthEmpty: boolean;
}

/**
 * A planner starting an empty month may start from the plan the month follows now (the latest
 * earlier month's) or from the client's ideal budget, then adjust it (future-flow/create/).
 */
export function BudgetPlanningCopyOffer({ targetMonth, isMonthEmpty }: BudgetPlanningCopyOfferProps) {
  const sources = useMonthBudgetSources(targetMonth, isMonthEmpty);
  const copy = useCopyMonthBudget();
  // A manager viewing a client copies nothing (ADR 13).
  const readOnly = useIsReadOnlyClientView();
  // Stays mounted once the copy fills the month, so the copy's own success message still shows.
  if (readOnly || !isMonthEmpty || !sources.data || (!sources.data.previousDate && !sources.data.hasIdeal)) return null;

  const askCopy = (from: MonthBudgetCopy['from']) =>
    copy.mutate(
      { date: targetMonth.slice(0, 7), from },
      {
        onSuccess: () => notifySuccess('Orçamento copiado: ajuste o que mudar neste mês.'),
        onError: (error) => {
          notifyMutationError(error);
        },
      },
    );
  return (
    <Paper withBorder p="md">
      <Text size="sm" mb="xs">
        O orçamento de {formatMonthName(targetMonth)} está vazio. Comece por uma cópia e ajuste o que mudar:
      </Text>
      <Group gap="xs">
        {sources.data.previousDate ? (
          <Button
            variant="light"
            loading={copy.isPending && copy.variables?.from === 'previous'}
            disabled={copy.isPending}
            onClick={() => askCopy('previous')}
          >
            Copiar o orçamento de {sources.data.previousDate}
          </Button>
        ) : null}
        {sources.data.hasIdeal ? (
          <Button
            variant="light"
            loading={copy.isPending && copy.variables?.from === 'ideal'}
            disabled={copy.isPending}
            onClick={() => askCopy('ideal')}
          >
            Copiar o orçamento ideal
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}
