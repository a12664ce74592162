import { Alert, Anchor, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { StatementFile, UploadAnswer } from '@prumo/contract/imports';
import { Link } from 'react-router';
import { formatIsoDate } from '../../../lib/format';
import { FileAccounts } from './file-accounts';
import { FileName } from './file-name';
import { ReadStatusBadge } from './read-status-badge';
import { ReadWarning, SkippedRowsList } from './skipped-rows';

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

// Enough reasons to understand what was skipped without flooding the dialog.
const skippedRowsShown = 5;

export function ImportedFileSummary({ file }: { file: StatementFile }) {
  return (
    <Paper withBorder p="sm" role="group" aria-label={`Resultado de ${file.name}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <FileName name={file.name} />
          <ReadStatusBadge readStatus={file.read_status} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <Figure label="Linhas lidas" value={file.transactions_read} />
          <Figure label="Linhas adicionadas" value={file.transactions_added} />
          <Figure label="Duplicadas ignoradas" value={file.duplicates_ignored} />
          <Figure label="Linhas puladas" value={file.skipped_rows.length} />
        </SimpleGrid>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Contas encontradas
          </Text>
          <FileAccounts accounts={file.accounts} />
        </Stack>
        <ReadWarning file={file} />
        <SkippedRowsList rows={file.skipped_rows} shown={skippedRowsShown} />
      </Stack>
    </Paper>
  );
}

/** The 201 answer, per file, and the files that could not be imported with their reason. */
export function UploadResult({ answer, filesHref }: { answer: UploadAnswer; filesHref?: string }) {
  const hasPendencies = answer.files.some((file) => /pend[êe]ncia/i.test(file.read_status));
  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {answer.files.length === 1 ? '1 arquivo importado' : `${answer.files.length} arquivos importados`}
      </Text>
      {answer.period ? (
        <Text size="sm">
          Transações de {formatIsoDate(answer.period.start)} a {formatIsoDate(answer.period.end)}.
        </Text>
      ) : null}
      {answer.files.map((file) => (
        <ImportedFileSummary key={file.id} file={file} />
      ))}
      {answer.rejected.length > 0 ? (
        <Alert color="yellow" variant="light" title="Arquivos não importados">
          <List size="sm" spacing={4}>
            {answer.rejected.map((file) => (
              <List.Item key={file.name}>
                <Group gap={4} wrap="nowrap" align="baseline">
                  <FileName name={file.name} />
                  <Text size="sm">— {file.detail}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {hasPendencies && filesHref ? (
        <Text size="sm">
          Contas novas precisam de alguns dados.{' '}
          <Anchor component={Link} to={filesHref}>
            Resolver pendências
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
