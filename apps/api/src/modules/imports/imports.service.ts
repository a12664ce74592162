import { createHash } from 'node:crypto';
import { findBankByCode, normalizeBankCode } from '@prumo/domain/banks/brazilian-banks';
import { normalizeMerchantName } from '@prumo/domain/categorization/merchant-name';
import { StatementReadError } from '@prumo/statement-readers/statement-read-error';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { StatementReadResult, StatementTransaction } from '@prumo/statement-readers/statement-types';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/client-scope';
import { failOnField, failWithDetail, HttpError } from '../../lib/http-errors';
import { suggestCategories } from '../categories/categorizer';
import { describeOrigin } from '../origins/origin-name';
import { completeImportTasks } from '../tasks/tasks.repo';
import {
  ensureCategorizingTask,
  type FileFilter,
  findBundle,
  findDismissedIdentities,
  findFileOrigins,
  findFiles,
  insertBundle,
  insertFileOrigin,
  insertStatementFile,
  insertTransactions,
  type NewTransactionRow,
  updateFileCounts,
  upsertOrigin,
} from './imports.repo';

export const importMessages = {
  invalidExtension: 'Extensão inválida: envie arquivos xlsx, ofx ou xls.',
  noFiles: 'Envie ao menos um arquivo (campo files).',
  allRejected: 'Nenhum arquivo pôde ser lido.',
  bundleNotFound: 'Não encontramos o pacote que você procura',
  tooManyFiles: 'Envie no máximo 20 arquivos por vez.',
  tooLarge: 'Arquivo grande demais: o limite é 20 MB por arquivo.',
};

const acceptedExtensions = new Set(['ofx', 'xls', 'xlsx']);
export const maximumStatementBytes = 20 * 1024 * 1024;
const maximumFilesPerUpload = 20;
const importBatchSize = 5_000;

interface UploadedFile {
  name: string;
  content: Buffer;
}

export interface RejectedFile {
  name: string;
  detail: string;
}

/** The multipart `files` field, one or more; nothing is kept of a file over the size limit. */
export async function readUploadedFiles(
  request: FastifyRequest,
): Promise<{ files: UploadedFile[]; rejected: RejectedFile[] }> {
  if (!request.isMultipart()) failOnField('files', importMessages.noFiles);
  const files: UploadedFile[] = [];
  const rejected: RejectedFile[] = [];
  try {
    for await (const part of request.parts({
      limits: { fileSize: maximumStatementBytes, files: maximumFilesPerUpload },
    })) {
      if (part.type !== 'file') continue;
      const name = part.filename || 'arquivo';
      const extension = name.split('.').pop()?.toLowerCase() ?? '';
      if (!acceptedExtensions.has(extension)) {
        part.file.resume();
        rejected.push({ name, detail: importMessages.invalidExtension });
        continue;
      }
      try {
        files.push({ name, content: await part.toBuffer() });
      } catch {
        rejected.push({ name, detail: importMessages.tooLarge });
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') failOnField('files', importMessages.tooManyFiles);
    throw error;
  }
  if (files.length === 0 && rejected.length === 0) failOnField('files', importMessages.noFiles);
  return { files, rejected };
}

function identityText(text: string): string {
  // Accents are dropped so "Cartão" and "Cartao" (two exports of one bank) are the same line.
  const plain = /[\u0080-\uffff]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text;
  return plain.toUpperCase().replace(/\s+/g, ' ').trim();
}

/**
 * A line's identity within its account: date, amount, text and which of the identical lines of
 * this file it is (the first, second…). The same file, or another file covering the same days,
 * gives the same identities; two real, identical purchases on one day stay two.
 * Lines are given in file order, one account per builder.
 */
export function createIdentityKeyBuilder(): (line: StatementTransaction) => bigint {
  const seen = new Map<string, number>();
  return (line) => {
    const base = `${line.date}|${line.amountCents}|${identityText(line.description)}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return createHash('sha1').update(`${base}|${occurrence}`).digest().readBigInt64BE(0);
  };
}

function describeReadError(error: unknown): string {
  if (error instanceof StatementReadError) return error.message;
  return 'Arquivo com leitura incompatível com o sistema.';
}

async function importOneFile(
  deps: AppDependencies,
  scope: ClientScope,
  bundleId: number,
  file: UploadedFile,
  statement: StatementReadResult,
): Promise<number> {
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const merchantKeys = new Map<string, string>();
  const findMerchantKey = (description: string) => {
    let key = merchantKeys.get(description);
    if (key === undefined) {
      key = normalizeMerchantName(description);
      merchantKeys.set(description, key);
    }
    return key;
  };
  const lines = statement.accounts.flatMap((account) =>
    account.transactions.map((transaction) => ({
      merchantKey: findMerchantKey(transaction.description),
      name: transaction.description,
      amountCents: transaction.amountCents,
      accountKind: account.kind,
    })),
  );
  const suggestions = await suggestCategories(deps.db, scope, lines);

  // The original is kept (privately) so the client can download it again from Arquivos.
  const storedPath = await deps.storage.keep('statements', statement.format, file.content);
  // All or nothing: the file, its accounts and its lines land together or not at all.
  const writing = deps.db.transaction(async (transaction) => {
    const stored = await insertStatementFile(transaction, scope, {
      bundleId,
      name: file.name,
      format: statement.format,
      sizeBytes: file.content.length,
      sha256,
      storedPath,
      readStatus: 'Leitura concluída',
      transactionsRead: lines.length,
      skippedRows: statement.skippedRows.slice(0, 500),
    });
    let lineIndex = 0;
    let added = 0;
    let uncategorized = 0;
    let pendencies = 0;
    for (const account of statement.accounts) {
      const origin = await upsertOrigin(
        transaction,
        scope,
        {
          kind: account.kind,
          bankCode: (account.bankCode && normalizeBankCode(account.bankCode)) ?? '',
          branch: account.branch ?? '',
          accountNumber: account.accountNumber ?? '',
        },
        account.balance,
      );
      await insertFileOrigin(transaction, stored.id, origin.id, origin.created);
      if (origin.created) pendencies += 1;
      const buildIdentityKey = createIdentityKeyBuilder();
      // Lines a person deleted from this account stay deleted, as lines already there stay once.
      const dismissed = origin.created ? new Set<bigint>() : await findDismissedIdentities(transaction, origin.id);
      // Batches are sent without waiting: PostgreSQL writes one while the next is prepared here.
      const inserting: ReturnType<typeof insertTransactions>[] = [];
      for (let start = 0; start < account.transactions.length; start += importBatchSize) {
        const rows: NewTransactionRow[] = account.transactions
          .slice(start, start + importBatchSize)
          .map((line, offset) => {
            const index = lineIndex + start + offset;
            const suggestion = suggestions[index] ?? null;
            return {
              originId: origin.id,
              date: line.date,
              cashDate: line.date,
              amountCents: line.amountCents,
              name: line.description,
              merchantKey: lines[index]?.merchantKey ?? '',
              categoryId: suggestion?.categoryId ?? null,
              descriptionId: suggestion?.descriptionId ?? null,
              categorizedBy: suggestion?.by ?? null,
              isAssetTransfer: suggestion?.isAssetTransfer ?? false,
              identityKey: buildIdentityKey(line),
            };
          })
          // After every identity is built: a line's identity counts the identical lines before it.
          .filter((row) => !dismissed.has(row.identityKey));
        if (rows.length > 0) inserting.push(insertTransactions(transaction, scope, stored.id, rows));
      }
      for (const result of await Promise.all(inserting)) {
        added += result.added;
        uncategorized += result.uncategorized;
      }
      lineIndex += account.transactions.length;
    }
    await updateFileCounts(
      transaction,
      stored.id,
      added,
      pendencies > 0 ? 'Leitura concluída com pendências' : 'Leitura concluída',
    );
    if (uncategorized > 0) await ensureCategorizingTask(transaction, scope);
    // The statements a planner asked for have arrived (ADR 5).
    await completeImportTasks(transaction, scope, bundleId);
    return stored.id;
  });
  try {
    return await writing;
  } catch (error) {
    await deps.storage.discard(storedPath);
    throw error;
  }
}

/** The first and last day (YYYY-MM-DD) of the lines of the files just read, or null with no line. */
export interface ImportedPeriod {
  start: string;
  end: string;
}

/**
 * Where the screen should open after an import: the span of every line the files hold, those
 * already known (duplicates) too, by the day they were printed (each line's first cash date).
 */
export function findImportedPeriod(statements: readonly StatementReadResult[]): ImportedPeriod | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const statement of statements) {
    for (const account of statement.accounts) {
      for (const line of account.transactions) {
        // ISO days compare as text.
        if (start === null || line.date < start) start = line.date;
        if (end === null || line.date > end) end = line.date;
      }
    }
  }
  return start && end ? { start, end } : null;
}

/**
 * upload/ and import-bundle/{id}/add/: each file is read, then imported on its own, all or
 * nothing; files that cannot be read are reported and leave nothing behind. When every file
 * fails, the answer is 400 and no bundle is made.
 */
export async function importFiles(
  deps: AppDependencies,
  scope: ClientScope,
  existingBundleId: number | null,
  uploaded: { files: UploadedFile[]; rejected: RejectedFile[] },
  statementReader: StatementReader,
) {
  const rejected = [...uploaded.rejected];
  const readable: { file: UploadedFile; statement: StatementReadResult }[] = [];
  // Read in worker threads, several at once; the bytes travel to a worker and back without copies.
  const reads = await Promise.allSettled(uploaded.files.map((file) => statementReader.read(file.name, file.content)));
  reads.forEach((read, index) => {
    const { name } = uploaded.files[index] as UploadedFile;
    if (read.status === 'rejected') {
      rejected.push({ name, detail: describeReadError(read.reason) });
      return;
    }
    const { bytes, statement } = read.value;
    readable.push({
      file: { name, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      statement,
    });
  });
  if (readable.length === 0) {
    // The first reason as the detail (what a person reads first), every file's reason beside it.
    throw new HttpError(400, {
      detail: rejected.length === 1 ? rejected[0]?.detail : importMessages.allRejected,
      files: rejected.map((file) => `${file.name}: ${file.detail}`),
    });
  }
  const bundle = existingBundleId
    ? await findBundle(deps.db, scope, existingBundleId)
    : await insertBundle(deps.db, scope);
  if (!bundle) failWithDetail(404, importMessages.bundleNotFound);
  const fileIds: number[] = [];
  for (const { file, statement } of readable)
    fileIds.push(await importOneFile(deps, scope, bundle.id, file, statement));
  return {
    bundle,
    files: await presentFiles(deps, scope, { fileIds }),
    rejected,
    period: findImportedPeriod(readable.map((entry) => entry.statement)),
  };
}

export async function presentFiles(deps: AppDependencies, scope: ClientScope, filter: FileFilter) {
  const files = await findFiles(deps.db, scope, filter);
  const fileOrigins = await findFileOrigins(
    deps.db,
    files.map((file) => file.id),
  );
  return files.map((file) => ({
    id: file.id,
    name: file.name,
    format: file.format,
    read_status: file.readStatus,
    bundle: file.bundleId,
    created_at: file.createdAt.toISOString(),
    transactions_read: file.transactionsRead,
    transactions_added: file.transactionsAdded,
    duplicates_ignored: file.transactionsRead - file.transactionsAdded,
    skipped_rows: file.skippedRows,
    // product §3's "file path": where the client downloads the statement as they sent it.
    file: file.storedPath ? `/api/file/${file.id}/download/` : null,
    manual_cash: false,
    accounts: fileOrigins
      .filter((origin) => origin.fileId === file.id)
      .map((origin) => ({
        origin: origin.originId,
        kind: origin.kind,
        name: describeOrigin(origin),
        bank_code: origin.bankCode || null,
        bank_name: findBankByCode(origin.bankCode)?.name ?? null,
        branch: origin.branch || null,
        account_number: origin.accountNumber || null,
        new_account: origin.newAccount,
      })),
  }));
}
