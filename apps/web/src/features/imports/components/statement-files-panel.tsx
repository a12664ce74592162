import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AmountText } from '../../../components/amount-text';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { PaginationControls } from '../../../components/pagination-controls';
import { SectionHeader } from '../../../components/section-header';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { describeError, isApiError } from '../../../lib/errors';
import { formatDateTime, formatIsoDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import type { StatementFile } from '../../../types/cash-flow-api';
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

interface StatementFilesPanelProps {
  /** A deleted file takes its lines with it: the page refreshes the cash flow. */
  onFileDeleted?: () => void;
}

/** The imported files (GET file/, 25 a page): name, date, status, lines, accounts; detail and deletion. */
export function StatementFilesPanel({ onFileDeleted }: StatementFilesPanelProps) {
  const [offset, setOffset] = useState(0);
  const files = useFiles(offset);
  const [detailId, setDetailId] = useState<number | null>(null);
  const emptyPage = files.data !== undefined && files.data.results.length === 0 && offset > 0;

  return (
    <Paper withBorder p="md">
      <SectionHeader title="Arquivos importados" description="Os extratos enviados, do mais recente ao mais antigo." />
      {files.isPending ? <PageLoader label="Carregando arquivos…" /> : null}
      {files.isError ? <ErrorState message={describeError(files.error)} onRetry={() => files.refetch()} /> : null}
      {files.data ? (
        emptyPage ? (
          // The last file of the last page was deleted: offer the way back rather than an empty table.
          <Button size="xs" variant="default" onClick={() => setOffset(0)}>
            Voltar à primeira página
          </Button>
        ) : files.data.results.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum arquivo importado ainda.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table verticalSpacing="xs" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Arquivo</Table.Th>
                    <Table.Th>Data</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th ta="right">Lidas</Table.Th>
                    <Table.Th ta="right">Adicionadas</Table.Th>
                    <Table.Th>Contas</Table.Th>
                    <Table.Th>Ações</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {files.data.results.map((file) => (
                    <FileRow key={file.id} file={file} onOpen={() => setDetailId(file.id)} onDeleted={onFileDeleted} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <PaginationControls
              count={files.data.count}
              offset={offset}
              pageSize={filesPageSize}
              hasPrevious={Boolean(files.data.previous) || offset > 0}
              hasNext={Boolean(files.data.next)}
              onOffsetChange={setOffset}
              singularNoun="arquivo"
              pluralNoun="arquivos"
            />
          </>
        )
      ) : null}
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
    <Table.Tr>
      <Table.Td>
        <FileName name={file.name} />
        <Text size="xs" c="dimmed" tt="uppercase">
          {file.format}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(file.created_at, '')}</Table.Td>
      <Table.Td>
        <ReadStatusBadge readStatus={file.read_status} />
        {file.read_warning ? (
          <Text size="xs" c="orange.8" maw={260} mt={4}>
            {file.read_warning}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right">{file.transactions_read}</Table.Td>
      <Table.Td ta="right">{file.transactions_added}</Table.Td>
      <Table.Td>
        <FileAccounts accounts={file.accounts} />
      </Table.Td>
      <Table.Td>
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
                    if (!isApiError(error) || !error.notified) notifyError(describeError(error));
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
                if (!isApiError(error) || !error.notified) notifyError(describeError(error));
              },
            })
          }
        />
      </Table.Td>
    </Table.Tr>
  );
}

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
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={4} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Nome</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                  <Table.Th>Situação</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {detail.data.transactions.map((line) => (
                  <Table.Tr key={line.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDate(line.date)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{line.name}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <AmountText amount={line.amount} />
                    </Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Modal>
  );
}
