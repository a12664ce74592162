import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { SectionHeader } from '../../../components/section-header';
import { useIsReadOnlyClientView, useRouteClientId } from '../../../lib/client-scope';
import { useCashFlow } from '../api/get-cash-flow';
import { useCashFlowSummary } from '../api/get-cash-flow-summary';
import { type CashFlowOptions, useCashFlowOptions } from '../hooks/use-cash-flow-options';
import { CashFlowBulkActions } from './cash-flow-bulk-actions';
import { CashFlowFilters } from './cash-flow-filters';
import { CashFlowSummaryStrip } from './cash-flow-summary-strip';
import { CashFlowTable } from './cash-flow-table';
import { CategorySummary } from './category-summary';
import { ExportCashFlowButton } from './export-cash-flow-button';
import { ImportedPeriodNotice } from './imported-period-notice';
import { NewCashFlowLineDialog } from './new-cash-flow-line-dialog';

// The chart library is large: it loads with the charts, after the lines, in a chunk of its own.
const CashFlowCharts = lazy(() => import('./cash-flow-charts').then((module) => ({ default: module.CashFlowCharts })));

interface CashRegisterProps {
  /** What the page adds beside 'Exportar' and 'Nova transação' (import, imported files…); the route composes it. */
  actions?: ReactNode;
}

/**
 * Meu caixa: the period and filters, the totals, the lines (25 a page) with inline categorizing,
 * ignoring, deleting and bulk actions, a typed line, the export, the charts and the period by category.
 * The period and filters live in the address (useCashFlowOptions).
 */
export function CashRegister({ actions }: CashRegisterProps) {
  const clientId = useRouteClientId();
  const readOnly = useIsReadOnlyClientView();
  const { options, setOptions, resetFilters, filter } = useCashFlowOptions(clientId);
  const [offset, setOffset] = useState(0);
  const [selectedIds, setSelectedIds] = useState<Set<number>>(() => new Set());
  const [creating, setCreating] = useState(false);
  const lines = useCashFlow(filter, offset);
  const summary = useCashFlowSummary(filter);

  // Another filter or page shows other lines: start from the first page, with nothing selected.
  const changeOptions = (changes: Partial<CashFlowOptions>) => {
    setOptions(changes);
    setOffset(0);
    setSelectedIds(new Set());
  };
  const changeOffset = (next: number) => {
    setOffset(next);
    setSelectedIds(new Set());
  };

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        {actions}
        <ExportCashFlowButton filter={filter} />
        {readOnly ? null : <Button onClick={() => setCreating(true)}>Nova transação</Button>}
      </Group>
      <ImportedPeriodNotice options={options} onChange={changeOptions} />
      <CashFlowFilters
        options={options}
        onChange={changeOptions}
        onReset={() => {
          resetFilters();
          changeOffset(0);
        }}
      />
      <CashFlowSummaryStrip summary={summary.data} />
      <Paper withBorder p="md">
        <SectionHeader title="Transações" />
        {selectedIds.size > 0 && !readOnly ? (
          <Stack mb="sm">
            <CashFlowBulkActions selectedIds={selectedIds} onDone={() => setSelectedIds(new Set())} />
          </Stack>
        ) : null}
        <CashFlowTable
          lines={lines}
          offset={offset}
          onOffsetChange={changeOffset}
          selectedIds={selectedIds}
          onSelectedIdsChange={setSelectedIds}
          readOnly={readOnly}
        />
      </Paper>
      <Suspense fallback={<Skeleton height={320} />}>
        <CashFlowCharts filter={filter} />
      </Suspense>
      <CategorySummary summary={summary.data} />
      <NewCashFlowLineDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
