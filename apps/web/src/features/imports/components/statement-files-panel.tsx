import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { StatementFile } from '@prumo/contract/imports';
import { useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { PagedTable } from '../../../components/paged-table';
import { SectionHeader } from '../../../components/section-header';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { describeError } from '../../../lib/errors';
import { formatDateTime, formatIsoDate } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { useDeleteFile } from '../api/delete-file';
import { useDownloadStatementFile } from '../api/download-file';
import { useFileDetail } from '../api/get-file-detail';
import { filesPageSize, useFiles } from '../api/get-files';
import { FileAccounts } from './file-accounts';
import { FileName } from './file-name';
import { ReadStatusBadge } from './read-status-badge';
import { ReadWarning, SkippedRowsList } from './skipped-rows';

// The detail shows more of what was skipped than the upload's summary.
const skippedRowsShown = 20;

const fileColumns: DataColumn[] = [
  { key: 'file', header: 'Arquivo', phone: 'title' },
  { key: 'date', header: 'Data', nowrap: true },
  { key: 'status', header: 'Status' },
  { key: 'read', header: 'Lidas', align: 'right' },
  { key: 'added', header: 'Adicionadas', align: 'right' },
  { key: 'accounts', header: 'Contas' },
  { key: 'actions', header: 'Ações', phone: 'actions' },
];

interface StatementFilesPanelProps {
  /** A deleted file takes its lines with it: the page refreshes the cash flow. */
  onFileDeleted?: () => void;
}

/** The imported files (GET file/, 25 a page): name, date, status, lines, accounts; detail and deletion. */
export function StatementFilesPanel({ onFileDeleted }: StatementFilesPanelProps) {
  const [offset, setOffset] = useState(0);
  const files = useFiles(offset);
  const [detailId, setDetailId] = useState<number | null>(null);

  return (
    <Paper withBorder p="md">
      <SectionHeader title="Arquivos importados" description="Os extratos enviados, do mais recente ao mais antigo." />
      <PagedTable
        query={files}
        offset={offset}
        onOffsetChange={setOffset}
        pageSize={filesPageSize}
        nouns={{ singular: 'arquivo', plural: 'arquivos' }}
        loadingLabel="Carregando arquivos…"
        emptyText={offset > 0 ? 'Nenhum arquivo nesta página.' : 'Nenhum arquivo importado ainda.'}
        label="Arquivos importados"
        columns={fileColumns}
        minWidth={900}
        getRowKey={(file) => file.id}
        renderRow={(file) => <FileRow file={file} onOpen={() => setDetailId(file.id)} onDeleted={onFileDeleted} />}
      />
      <FileDetailDialog fileId={detailId} onClose={() => setDetailId(null)} />
    </Paper>
  );
}

function FileRow({ file, onOpen, onDeleted }: { file: StatementFile; onOpen: () => void; onDeleted?: () => void }) {
  const remove = useDeleteFile();
  const download = useDownloadStatementFile();
  const [confirming, setConfirming] = useState(false);
  // A manager viewing a client deletes nothing of theirs (ADR 13).
  const readOnly = useIsReadOnlyClientView();
  return (
    <DataRow label={file.name}>
      <DataCell column="file">
        <FileName name={file.name} />
        <Text size="xs" c="dimmed" tt="uppercase">
          {file.format}
        </Text>
      </DataCell>
      <DataCell column="date">{formatDateTime(file.created_at, '')}</DataCell>
      <DataCell column="status">
        <ReadStatusBadge readStatus={file.read_status} />
        {file.read_warning ? (
          <Text size="xs" c="orange.8" maw={260} mt={4}>
            {file.read_warning}
          </Text>
        ) : null}
      </DataCell>
      <DataCell column="read">{file.transactions_read}</DataCell>
      <DataCell column="added">{file.transactions_added}</DataCell>
      <DataCell column="accounts">
        <FileAccounts accounts={file.accounts} />
      </DataCell>
      <DataCell column="actions">
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={onOpen} aria-label={`Ver transações de ${file.name}`}>
            Ver transações
          </Button>
          {file.file ? (
            <Button
              size="compact-xs"
              variant="subtle"
              loading={download.isPending}
              aria-label={`Baixar ${file.name}`}
              onClick={() =>
                download.mutate(file, {
                  onError: (error) => {
                    notifyMutationError(error);
                  },
                })
              }
            >
              Baixar
            </Button>
          ) : null}
          {readOnly ? null : (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              aria-label={`Excluir ${file.name}`}
              onClick={() => setConfirming(true)}
            >
              Excluir
            </Button>
          )}
        </Group>
        <ConfirmDialog
          opened={confirming}
          title="Excluir arquivo"
          message={`O arquivo "${file.name}" e as transações que ele trouxe serão excluídos.`}
          confirmLabel="Excluir"
          danger
          loading={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(file.id, {
              onSuccess: () => {
                setConfirming(false);
                notifySuccess('Arquivo excluído');
                onDeleted?.();
              },
              onError: (error) => {
                setConfirming(false);
                notifyMutationError(error);
              },
            })
          }
        />
      </DataCell>
    </DataRow>
  );
}

const fileLineColumns: DataColumn[] = [
  { key: 'date', header: 'Data', nowrap: true },
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'amount', header: 'Valor', align: 'right', phone: 'aside' },
  { key: 'state', header: 'Situação' },
];

/** GET file/{id}/read/: the file's transactions. */
function FileDetailDialog({ fileId, onClose }: { fileId: number | null; onClose: () => void }) {
  const detail = useFileDetail(fileId);
  return (
    <Modal opened={fileId !== null} onClose={onClose} title="Transações do arquivo" size="xl">
      {detail.isPending ? <PageLoader label="Carregando transações…" /> : null}
      {detail.isError ? <ErrorState message={describeError(detail.error)} onRetry={() => detail.refetch()} /> : null}
      {detail.data ? (
        <Stack gap="sm">
          <Group justify="space-between">
            <FileName name={detail.data.name} />
            <ReadStatusBadge readStatus={detail.data.read_status} />
          </Group>
          <Text size="sm" c="dimmed">
            {detail.data.transactions.length === 1 ? '1 transação' : `${detail.data.transactions.length} transações`}
          </Text>
          <ReadWarning file={detail.data} />
          {detail.data.skipped_rows.length > 0 ? (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                Linhas puladas ({detail.data.skipped_rows.length})
              </Text>
              <SkippedRowsList rows={detail.data.skipped_rows} shown={skippedRowsShown} />
            </Stack>
          ) : null}
          <DataTable label="Transações do arquivo" columns={fileLineColumns} minWidth={560} striped>
            {detail.data.transactions.map((line) => (
              <DataRow key={line.id} label={line.name}>
                <DataCell column="date">{formatIsoDate(line.date)}</DataCell>
                <DataCell column="name">
                  <Text size="sm">{line.name}</Text>
                </DataCell>
                <DataCell column="amount">
                  <AmountText amount={line.amount} />
                </DataCell>
                <DataCell column="state">
                  <Group gap={4}>
                    {line.category === null ? (
                      <Badge size="xs" variant="light" color="orange" tt="none">
                        Sem categoria
                      </Badge>
                    ) : null}
                    {line.ignored ? (
                      <Badge size="xs" variant="light" color="gray" tt="none">
                        Ignorada
                      </Badge>
                    ) : null}
                  </Group>
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
        </Stack>
      ) : null}
    </Modal>
  );
}
