import { Accordion, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AmountText } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { describeError } from '../../../lib/errors';

interface AssetGroupProps {
  /** The accordion's value of the group ('contas', 'cartoes'…). */
  value: string;
  title: string;
  /** "3 contas"; empty while loading. */
  summary: string;
  /** What the group adds up to, signed (what is owed is negative); null while unknown. */
  total: number | null;
  children: ReactNode;
}

/** One group of Meu patrimônio: its title, count and total on the bar; its items when opened. */
export function AssetGroup({ value, title, summary, total, children }: AssetGroupProps) {
  return (
    <Accordion.Item value={value}>
      <Accordion.Control aria-label={title}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Text fw={600}>{title}</Text>
            <Text size="xs" c="dimmed">
              {summary}
            </Text>
          </Stack>
          {total === null ? null : <AmountText amount={total} fw={700} />}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">{children}</Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** A group's list while it loads or when it failed; null once its data is there. */
export function GroupQueryState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <Skeleton h={80} />;
  if (query.isError) return <ErrorState message={describeError(query.error)} onRetry={() => query.refetch()} />;
  return null;
}

/** What an empty group says, and what to do about it. */
export function EmptyGroup({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** An amount, or a dash when there is none yet. */
export function OptionalAmount({ amount }: { amount: number | null }) {
  if (amount === null) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  return <AmountText amount={amount} />;
}

interface EditableItemsProps {
  count: number;
  readOnly: boolean;
  /** "Adicionar dívida". */
  addLabel: string;
  onAdd: () => void;
  /** What an empty group tells whoever can add, and a reader. */
  emptyText: string;
  readerEmptyText: string;
  children: ReactNode;
}

/** A group the client fills in: its 'Adicionar…' button (none for a reader), then its list or what to do. */
export function EditableItems({
  count,
  readOnly,
  addLabel,
  onAdd,
  emptyText,
  readerEmptyText,
  children,
}: EditableItemsProps) {
  return (
    <>
      {readOnly ? null : (
        <Group justify="flex-end">
          <Button size="xs" onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      )}
      {count === 0 ? <EmptyGroup>{readOnly ? readerEmptyText : emptyText}</EmptyGroup> : children}
    </>
  );
}

/** An empty group of what statements bring: where to import them. */
export function ImportedItemsHint({ text, cashRegisterHref }: { text: string; cashRegisterHref: string }) {
  return (
    <EmptyGroup>
      {text}{' '}
      <Anchor component={Link} to={cashRegisterHref} size="sm">
        Meu caixa
      </Anchor>
      .
    </EmptyGroup>
  );
}
