import { Group, Stack, Text } from '@mantine/core';
import { useMonthBudget } from '../api/get-month-budget';
import { useBudgetMonth } from '../hooks/use-budget-month';
import { BudgetQueryEditor } from './budget-editor';
import { BudgetMonthSwitcher } from './budget-month-switcher';

/** meu-orcamento: the client's budget of a month, planned against what the cash flow shows. */
export function MyBudget() {
  const [targetMonth, setTargetMonth] = useBudgetMonth();
  const budget = useMonthBudget(targetMonth);
  return (
    <Stack gap="md">
      {/* The page title is the top bar's; this line says what the screen is for. */}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Planeje quanto entra e quanto sai no mês e acompanhe o realizado.
        </Text>
        <BudgetMonthSwitcher targetMonth={targetMonth} onChange={setTargetMonth} />
      </Group>
      <BudgetQueryEditor budget={budget} stale={budget.isPlaceholderData} />
    </Stack>
  );
}
