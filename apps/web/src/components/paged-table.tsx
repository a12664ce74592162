import { Button, Stack, Text } from '@mantine/core';
import type { Page } from '@prumo/contract/common';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type Key, type ReactNode } from 'react';
import { describeError } from '../lib/errors';
import { type DataColumn, DataTable } from './data-table';
import { ErrorState } from './error-state';
import { PageLoader } from './page-loader';
import { PaginationControls } from './pagination-controls';

interface PagedTableProps<Row> {
  /** A limit/offset list read with `keepPreviousData`: the last page stays, faded, while the next loads. */
  query: UseQueryResult<Page<Row>>;
  offset: number;
  onOffsetChange: (offset: number) => void;
  pageSize: number;
  /** The counted noun: "1 cliente", "2 clientes". */
  nouns: { singular: string; plural: string };
  loadingLabel: string;
  emptyText: string;
  errorTitle?: string;
  label: string;
  columns: readonly DataColumn[];
  minWidth: number;
  striped?: boolean;
  phoneToolbar?: ReactNode;
  getRowKey: (row: Row) => Key;
  /** A `DataRow` of the row's `DataCell`s. */
  renderRow: (row: Row) => ReactNode;
}

/**
 * A paged list as every screen shows one: loading, the error with a retry, the empty text, the
 * rows (a table, cards on a phone) and next/previous with the count.
 */
export function PagedTable<Row>(properties: PagedTableProps<Row>) {
  const { query, offset, onOffsetChange, pageSize, nouns, loadingLabel, emptyText, errorTitle } = properties;
  if (query.isPending) return <PageLoader label={loadingLabel} />;
  if (query.isError) {
    return <ErrorState title={errorTitle} message={describeError(query.error)} onRetry={() => query.refetch()} />;
  }
  const page = query.data;
  if (page.results.length === 0) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm" c="dimmed">
          {emptyText}
        </Text>
        {/* Rows removed from the last page can leave it empty. */}
        {offset > 0 ? (
          <Button size="xs" variant="default" onClick={() => onOffsetChange(0)}>
            Voltar à primeira página
          </Button>
        ) : null}
      </Stack>
    );
  }
  return (
    <>
      <DataTable
        label={properties.label}
        columns={properties.columns}
        minWidth={properties.minWidth}
        striped={properties.striped}
        dimmed={query.isPlaceholderData}
        phoneToolbar={properties.phoneToolbar}
      >
        {page.results.map((row) => (
          <Fragment key={properties.getRowKey(row)}>{properties.renderRow(row)}</Fragment>
        ))}
      </DataTable>
      <PaginationControls
        count={page.count}
        offset={offset}
        pageSize={pageSize}
        hasPrevious={Boolean(page.previous) || offset > 0}
        hasNext={Boolean(page.next)}
        onOffsetChange={onOffsetChange}
        singularNoun={nouns.singular}
        pluralNoun={nouns.plural}
      />
    </>
  );
}
