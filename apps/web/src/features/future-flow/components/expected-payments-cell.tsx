import { Stack, Text } from '@mantine/core';
import type { ExpectedPayments } from '@prumo/contract/future-flow';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { amountColors } from '../../../components/amount-text';

interface DueLine {
  key: string;
  text: string;
}

/** One group of what is due ("Lembretes de contas", "Dívidas"): its total, then each item, wrapping. */
function DueGroup({ title, total, lines }: { title: string; total: number; lines: DueLine[] }) {
  return (
    <Stack gap={0}>
      <Text size="sm">
        {title}:{' '}
        <Text span fw={600} c={amountColors.expense} style={{ whiteSpace: 'nowrap' }}>
          {formatCents(total)}
        </Text>
      </Text>
      {lines.map((line) => (
        <Text key={line.key} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {line.text}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * What is due in a month: the bill reminders' occurrences and the debts' payments. Shown beside the
 * plan, never added to it nor to the balances (ADR 24).
 */
export function ExpectedPaymentsCell({ expected }: { expected: ExpectedPayments }) {
  if (expected.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const { reminders, debts } = expected;
  return (
    <Stack gap={4}>
      {reminders.items.length > 0 ? (
        <DueGroup
          title="Lembretes de contas"
          total={reminders.total}
          lines={reminders.items.map((due) => ({
            key: `${due.id}-${due.date}`,
            text: `${due.name} · ${formatBrazilianDate(due.date).slice(0, 5)} · ${formatCents(due.amount)}`,
          }))}
        />
      ) : null}
      {debts.items.length > 0 ? (
        <DueGroup
          title="Dívidas"
          total={debts.total}
          lines={debts.items.map((due) => ({
            key: String(due.id),
            text: `${due.name} · ${formatCents(due.amount)}${due.lastPayment ? ' (última parcela)' : ''}`,
          }))}
        />
      ) : null}
    </Stack>
  );
}
