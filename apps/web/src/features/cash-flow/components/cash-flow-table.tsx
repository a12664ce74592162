import { Badge, Button, Checkbox, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isApiError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import type { CashFlowLine } from '../../../types/cash-flow-api';
import { deleteLineMessages, useDeleteCashFlowLine } from '../api/delete-cash-flow-line';
import { editLineFailedMessage, useUpdateCashFlowLine } from '../api/update-cash-flow-line';
import { LineCategoryPicker } from './line-category-picker';

interface CashFlowTableProps {
  lines: CashFlowLine[];
  selectedIds: ReadonlySet<number>;
  onSelectedIdsChange: (ids: Set<number>) => void;
  /** Faded while the next page or filter loads. */
  stale?: boolean;
  /** A manager viewing a client (ADR 13): the lines without selection, categorizing, ignoring or deleting. */
  readOnly?: boolean;
}

export function CashFlowTable({
  lines,
  selectedIds,
  onSelectedIdsChange,
  stale = false,
  readOnly = false,
}: CashFlowTableProps) {
  const allSelected = lines.length > 0 && lines.every((line) => selectedIds.has(line.id));
  const someSelected = lines.some((line) => selectedIds.has(line.id));

  const toggleLine = (id: number, checked: boolean) => {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedIdsChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover opacity={stale ? 0.6 : 1}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} display={readOnly ? 'none' : undefined}>
              <Checkbox
                aria-label="Selecionar todas as transações da página"
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(event) =>
                  onSelectedIdsChange(event.currentTarget.checked ? new Set(lines.map((line) => line.id)) : new Set())
                }
              />
            </Table.Th>
            <Table.Th>Data</Table.Th>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Conta</Table.Th>
            <Table.Th>Categoria</Table.Th>
            <Table.Th ta="right">Valor</Table.Th>
            <Table.Th>Ignorar</Table.Th>
            <Table.Th>
              <VisuallyHidden>Ações</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <CashFlowRow
              key={line.id}
              line={line}
              selected={selectedIds.has(line.id)}
              onSelectedChange={(checked) => toggleLine(line.id, checked)}
              readOnly={readOnly}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CashFlowRow({
  line,
  selected,
  onSelectedChange,
  readOnly,
}: {
  line: CashFlowLine;
  selected: boolean;
  onSelectedChange: (checked: boolean) => void;
  readOnly: boolean;
}) {
  const ignore = useUpdateCashFlowLine();
  const remove = useDeleteCashFlowLine();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const ignored = ignore.isPending ? Boolean(ignore.variables?.changes.ignored) : line.ignored;

  const toggleIgnored = (next: boolean) => {
    ignore.mutate(
      { id: line.id, changes: { ignored: next } },
      {
        onError: (error) => {
          if (!isApiError(error) || !error.notified) notifyError(editLineFailedMessage);
        },
      },
    );
  };

  const deleteLine = () => {
    remove.mutate(line.id, {
      onSuccess: (answer) => {
        setConfirmingDelete(false);
        notifySuccess(answer?.detail || deleteLineMessages.deleted);
      },
      onError: (error) => {
        setConfirmingDelete(false);
        if (!isApiError(error) || !error.notified) notifyError(deleteLineMessages.failed);
      },
    });
  };

  return (
    <Table.Tr bg={selected ? 'var(--mantine-primary-color-light)' : undefined} opacity={ignored ? 0.55 : 1}>
      <Table.Td display={readOnly ? 'none' : undefined}>
        <Checkbox
          aria-label={`Selecionar ${line.name}`}
          checked={selected}
          onChange={(event) => onSelectedChange(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatIsoDate(line.date)}
          </Text>
          {/* A card purchase counts on its bill's due date. */}
          {line.cash_date !== line.date ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Caixa: {formatIsoDate(line.cash_date)}
            </Text>
          ) : null}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {line.name}
        </Text>
        {line.created_from === 'manual' ? (
          <Badge size="xs" variant="light" color="gray">
            Manual
          </Badge>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {line.origin_name}
        </Text>
      </Table.Td>
      <Table.Td>
        {readOnly ? (
          <Text size="sm">
            {[line.category_name, line.description_name].filter(Boolean).join(' · ') || 'Sem categoria'}
          </Text>
        ) : (
          <LineCategoryPicker line={line} applyToSimilar={false} />
        )}
      </Table.Td>
      <Table.Td ta="right">
        <AmountText amount={line.amount} />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Ignorar ${line.name}`}
          checked={ignored}
          disabled={readOnly || ignore.isPending}
          onChange={(event) => toggleIgnored(event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td display={readOnly ? 'none' : undefined}>
        <Button
          variant="subtle"
          color="red"
          size="compact-xs"
          aria-label={`Excluir ${line.name}`}
          onClick={() => setConfirmingDelete(true)}
        >
          Excluir
        </Button>
        <ConfirmDialog
          opened={confirmingDelete}
          title="Excluir transação"
          message={`A transação "${line.name}" será excluída.`}
          confirmLabel="Excluir"
          danger
          loading={remove.isPending}
          onConfirm={deleteLine}
          onClose={() => setConfirmingDelete(false)}
        />
      </Table.Td>
    </Table.Tr>
  );
}
