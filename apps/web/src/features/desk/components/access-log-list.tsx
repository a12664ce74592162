import { Text } from '@mantine/core';
import type { AccessLogEntry } from '@prumo/contract/desks';
import { useState } from 'react';
import { DataCell, type DataColumn, DataRow } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { accessLogPageSize, useAccessLog } from '../api/get-access-log';

const roleLabels: Record<AccessLogEntry['viewer']['role'], string> = {
  planner: 'Planejador',
  manager: 'Gestor',
};

const accessColumns: DataColumn[] = [
  { key: 'when', header: 'Quando', phone: 'aside', nowrap: true },
  { key: 'who', header: 'Quem', phone: 'title' },
  { key: 'what', header: 'O que', phone: 'wide' },
];

/**
 * Who opened a client's data, newest first (ADR 34): the client's own (`clientId` null) or, for
 * a manager or the client's planner, the named client's.
 */
export function AccessLogList({ clientId, label }: { clientId: string | null; label: string }) {
  const [offset, setOffset] = useState(0);
  const log = useAccessLog(clientId, offset);
  return (
    <PagedTable
      query={log}
      offset={offset}
      onOffsetChange={setOffset}
      pageSize={accessLogPageSize}
      nouns={{ singular: 'acesso', plural: 'acessos' }}
      loadingLabel="Carregando acessos…"
      emptyText="Ninguém acessou estes dados ainda."
      label={label}
      columns={accessColumns}
      minWidth={560}
      striped
      getRowKey={(entry) => entry.id}
      renderRow={(entry) => (
        <DataRow label={`${entry.viewer.name}, ${formatDateTime(entry.created_at, '')}`}>
          <DataCell column="when">
            <Text size="sm">{formatDateTime(entry.created_at, '')}</Text>
          </DataCell>
          <DataCell column="who">
            <Text size="sm" fw={500}>
              {entry.viewer.name}
            </Text>
            <Text size="xs" c="dimmed">
              {roleLabels[entry.viewer.role]}
            </Text>
          </DataCell>
          <DataCell column="what">
            <Text size="sm">
              {entry.action_label}
              {entry.subject ? `: ${entry.subject}` : ''}
            </Text>
          </DataCell>
        </DataRow>
      )}
    />
  );
}
