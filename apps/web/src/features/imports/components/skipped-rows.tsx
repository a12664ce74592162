import { Alert, List, Text } from '@mantine/core';
import type { SkippedRow, StatementFile } from '@prumo/contract/imports';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';

/** "Saldo: 04/05/2026 · SALDO INICIAL · R$ 8.500,00": the reason, then the row's day, text and amount. */
export function describeSkippedRow(row: SkippedRow): string {
  const parts = [
    row.date ? formatBrazilianDate(row.date) : null,
    row.text || null,
    row.amount === null ? null : formatCents(row.amount),
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? `${row.reason}: ${parts.join(' · ')}` : row.reason;
}

/** The rows a file had that were not imported, the first `shown` of them. */
export function SkippedRowsList({ rows, shown }: { rows: SkippedRow[]; shown: number }) {
  if (rows.length === 0) return null;
  return (
    <List size="xs" c="dimmed" spacing={2} aria-label="Linhas puladas">
      {rows.slice(0, shown).map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skipped rows have no id; the list never reorders
        <List.Item key={index}>{describeSkippedRow(row)}</List.Item>
      ))}
      {rows.length > shown ? <List.Item>e mais {rows.length - shown}</List.Item> : null}
    </List>
  );
}

/** A file that looks incomplete says what was read and why, wherever the file is shown. */
export function ReadWarning({ file }: { file: Pick<StatementFile, 'read_warning'> }) {
  if (!file.read_warning) return null;
  return (
    <Alert color="orange" variant="light" title="Arquivo possivelmente incompleto" role="alert">
      <Text size="sm">{file.read_warning}</Text>
    </Alert>
  );
}
