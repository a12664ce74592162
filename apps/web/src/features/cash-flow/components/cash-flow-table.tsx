import { Badge, Button, Checkbox, Stack, Switch, Text, VisuallyHidden } from '@mantine/core';
import type { CashFlowLine, CashFlowPage } from '@prumo/contract/cash-flow';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { formatIsoDate } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { deleteLineMessages, useDeleteCashFlowLine } from '../api/delete-cash-flow-line';
import { cashFlowPageSize, filterFailedMessage } from '../api/get-cash-flow';
import { editLineFailedMessage, useUpdateCashFlowLine } from '../api/update-cash-flow-line';
import { EditCashFlowLineDialog } from './edit-cash-flow-line-dialog';
import { LineCategoryPicker } from './line-category-picker';

interface CashFlowTableProps {
  lines: UseQueryResult<CashFlowPage>;
  offset: number;
  onOffsetChange: (offset: number) => void;
  selectedIds: ReadonlySet<number>;
  onSelectedIdsChange: (ids: Set<number>) => void;
  /** A manager viewing a client (ADR 13): the lines without selection, categorizing, ignoring or deleting. */
  readOnly?: boolean;
}

/** The period's lines, 25 a page, with selection, inline categorizing, ignoring, editing and deleting. */
export function CashFlowTable({
  lines,
  offset,
  onOffsetChange,
  selectedIds,
  onSelectedIdsChange,
  readOnly = false,
}: CashFlowTableProps) {
  const pageLines = lines.data?.results ?? [];
  const allSelected = pageLines.length > 0 && pageLines.every((line) => selectedIds.has(line.id));
  const someSelected = pageLines.some((line) => selectedIds.has(line.id));

  const toggleLine = (id: number, checked: boolean) => {
    const next = new Set(selectedIds);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectedIdsChange(next);
  };
  const selectAllProperties = {
    checked: allSelected,
    indeterminate: someSelected && !allSelected,
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      onSelectedIdsChange(event.currentTarget.checked ? new Set(pageLines.map((line) => line.id)) : new Set()),
  };
  const columns: DataColumn[] = [
    ...(readOnly
      ? []
      : [
          {
            key: 'select',
            header: <Checkbox aria-label="Selecionar todas as transações da página" {...selectAllProperties} />,
            phone: 'lead' as const,
            width: 40,
          },
        ]),
    ...cashFlowColumns,
    ...(readOnly
      ? []
      : [{ key: 'actions', header: <VisuallyHidden>Ações</VisuallyHidden>, phone: 'actions' as const }]),
  ];

  return (
    <PagedTable
      query={lines}
      offset={offset}
      onOffsetChange={onOffsetChange}
      pageSize={cashFlowPageSize}
      nouns={{ singular: 'transação', plural: 'transações' }}
      loadingLabel="Carregando transações…"
      errorTitle={filterFailedMessage}
      emptyText="Nenhuma transação encontrada no período."
      label="Transações"
      columns={columns}
      minWidth={900}
      phoneToolbar={
        readOnly ? null : <Checkbox mb="xs" label="Selecionar todas as transações da página" {...selectAllProperties} />
      }
      getRowKey={(line) => line.id}
      renderRow={(line) => (
        <CashFlowRow
          line={line}
          selected={selectedIds.has(line.id)}
          onSelectedChange={(checked) => toggleLine(line.id, checked)}
          readOnly={readOnly}
        />
      )}
    />
  );
}

const cashFlowColumns: DataColumn[] = [
  { key: 'date', header: 'Data' },
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'origin', header: 'Conta' },
  { key: 'category', header: 'Categoria', phone: 'wide' },
  { key: 'amount', header: 'Valor', align: 'right', phone: 'aside' },
  { key: 'ignored', header: 'Ignorar' },
];

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
  const [editing, setEditing] = useState(false);
  const ignored = ignore.isPending ? Boolean(ignore.variables?.changes.ignored) : line.ignored;

  const toggleIgnored = (next: boolean) => {
    ignore.mutate(
      { id: line.id, changes: { ignored: next } },
      {
        onError: (error) => {
          notifyMutationError(error, editLineFailedMessage);
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
        notifyMutationError(error, deleteLineMessages.failed);
      },
    });
  };

  return (
    <DataRow
      label={line.name}
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      opacity={ignored ? 0.55 : 1}
    >
      <DataCell column="select">
        <Checkbox
          aria-label={`Selecionar ${line.name}`}
          checked={selected}
          onChange={(event) => onSelectedChange(event.currentTarget.checked)}
        />
      </DataCell>
      <DataCell column="date">
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
      </DataCell>
      <DataCell column="name">
        <Text size="sm" lineClamp={2}>
          {line.name}
        </Text>
        {line.created_from === 'manual' ? (
          <Badge size="xs" variant="light" color="gray">
            Manual
          </Badge>
        ) : null}
      </DataCell>
      <DataCell column="origin">
        <Text size="sm" c="dimmed">
          {line.origin_name}
        </Text>
      </DataCell>
      <DataCell column="category">
        {readOnly ? (
          <Text size="sm">
            {[line.category_name, line.description_name].filter(Boolean).join(' · ') || 'Sem categoria'}
          </Text>
        ) : (
          <LineCategoryPicker line={line} applyToSimilar={false} />
        )}
      </DataCell>
      <DataCell column="amount">
        <AmountText amount={line.amount} />
      </DataCell>
      <DataCell column="ignored">
        <Switch
          aria-label={`Ignorar ${line.name}`}
          checked={ignored}
          disabled={readOnly || ignore.isPending}
          onChange={(event) => toggleIgnored(event.currentTarget.checked)}
        />
      </DataCell>
      <DataCell column="actions">
        <Button variant="subtle" size="compact-xs" aria-label={`Editar ${line.name}`} onClick={() => setEditing(true)}>
          Editar
        </Button>
        <EditCashFlowLineDialog line={line} opened={editing} onClose={() => setEditing(false)} />
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
      </DataCell>
    </DataRow>
  );
}
