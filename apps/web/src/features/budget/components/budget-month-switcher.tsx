import { Button, Group, Text } from '@mantine/core';
import { formatMonthName, formatMonthTitle, shiftMonth } from '@prumo/domain/budget/target-month';

/** "‹ outubro · novembro de 2026 · dezembro ›": the month a budget screen shows, one step at a time. */
export function BudgetMonthSwitcher({
  targetMonth,
  onChange,
}: {
  targetMonth: string;
  onChange: (targetMonth: string) => void;
}) {
  const previous = shiftMonth(targetMonth, -1);
  const next = shiftMonth(targetMonth, 1);
  return (
    // On a phone the switcher takes the whole line and the month name wraps between the buttons.
    <Group gap="xs" wrap="nowrap" justify="space-between" w={{ base: '100%', sm: 'auto' }}>
      <Button
        variant="default"
        size="xs"
        onClick={() => onChange(previous)}
        aria-label={`Ver ${formatMonthName(previous)}`}
      >
        ‹ Anterior
      </Button>
      <Text fw={600} miw={0} w={{ sm: 170 }} ta="center" aria-live="polite">
        {formatMonthTitle(targetMonth)}
      </Text>
      <Button variant="default" size="xs" onClick={() => onChange(next)} aria-label={`Ver ${formatMonthName(next)}`}>
        Próximo ›
      </Button>
    </Group>
  );
}
