import { hasEncryptionStreams } from './check-compound-file';
import { checkZipArchive } from './check-zip-archive';
import { detectContentKind, readFileExtension } from './detect-file-format';
import { identifyAccountsByFileName } from './identify-account-by-file-name';
import { readOfxStatement } from './read-ofx-statement';
import { readSpreadsheetStatement } from './read-spreadsheet-statement';
import { statementLimits } from './statement-limits';
import { StatementReadError } from './statement-read-error';
import type { LineStreamOptions, StatementReadResult } from './statement-types';

/**
 * Reads a bank or card statement file (OFX/QFX, XLS, XLSX) into accounts and transactions.
 * The extension must be an accepted one; the format is then told by the content, so a ".xls" that
 * is really an XLSX still reads. Throws StatementReadError, with a pt-BR message, for anything
 * that cannot be imported, including unexpected failures inside the parsers (never a 500).
 * With `stream`, an OFX file's big blocks hand their lines over as they are read.
 */
export function readStatement(fileName: string, bytes: Uint8Array, stream?: LineStreamOptions): StatementReadResult {
  if (readFileExtension(fileName) === null) throw new StatementReadError('invalid_extension');
  if (bytes.length > statementLimits.maxFileBytes) {
    throw new StatementReadError('too_large', { detail: `${bytes.length} bytes` });
  }
  if (bytes.length === 0) throw new StatementReadError('unreadable', { detail: 'Arquivo vazio' });
  try {
    return identifyAccountsByFileName(readStatementContent(bytes, stream), fileName);
  } catch (error) {
    if (error instanceof StatementReadError) throw error;
    throw new StatementReadError('unreadable', { detail: error instanceof Error ? error.message : String(error) });
  }
}

function readStatementContent(bytes: Uint8Array, stream: LineStreamOptions | undefined): StatementReadResult {
  switch (detectContentKind(bytes)) {
    case 'zip':
      checkZipArchive(bytes);
      return readSpreadsheetStatement(bytes, 'xlsx');
    case 'compound-file':
      if (hasEncryptionStreams(bytes)) throw new StatementReadError('password_protected');
      return readSpreadsheetStatement(bytes, 'xls');
    case 'ofx':
      return readOfxStatement(bytes, stream);
    default:
      throw new StatementReadError('unreadable', { detail: 'Conteúdo não é OFX, XLS nem XLSX' });
  }
}
