import { createHash, hash, randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RejectedFile, StatementAccountKind, StatementFile } from '@prumo/contract/imports';
import type { OriginKind } from '@prumo/contract/origins';
import { findBankByCode, normalizeBankCode } from '@prumo/domain/banks/brazilian-banks';
import { formatBrazilianDate, shiftDay } from '@prumo/domain/br/date';
import { normalizeMerchantName } from '@prumo/domain/categorization/merchant-name';
import { computeBillDueDate } from '@prumo/domain/holdings/card-bills';
import { matchLinesAcrossSources, maximumDayGap } from '@prumo/domain/open-banking/line-matching';
import { statementUploadLimits, statementUploadMessages } from '@prumo/domain/statements/upload-limits';
import { StatementReadError, statementReadMessages } from '@prumo/statement-readers/statement-read-error';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { StatementLine, StatementLinesRead } from '@prumo/statement-readers/statement-types';
import type { FastifyRequest } from 'fastify';
import type { Database, Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { DomainError, fail, failNotFound, failOnField } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import {
  type CategorySuggestion,
  createCategorizer,
  type LineToCategorize,
  prepareCategorizer,
  suggestCategories,
} from '../categories/index';
import { describeOrigin } from '../origins/index';
import { completeImportTasks, openCategorizingTask } from '../tasks/index';
import { notifyImportFailed, notifyImportFinished } from './import-notifications';
import {
  copyTransactions,
  type FileFilter,
  findBundle,
  findFileOrigins,
  findFiles,
  findKnownIdentities,
  findUnpairedLines,
  insertBundle,
  insertFileOrigin,
  insertStatementFile,
  type LineSource,
  type NewTransactionRow,
  type OriginIdentity,
  pairLines,
  pairSameIdentities,
  recordNewOriginBalance,
  updateFileRead,
  upsertOrigin,
} from './imports.repo';
import { createStreamedBlocks, type StreamedBlock } from './streamed-blocks';

export const importMessages = {
  invalidExtension: 'Extensão inválida: envie arquivos xlsx, ofx ou xls.',
  noFiles: 'Envie ao menos um arquivo (campo files).',
  allRejected: 'Nenhum arquivo pôde ser lido.',
  bundleNotFound: 'Não encontramos o pacote que você procura',
  tooManyFiles: statementUploadMessages.tooMany,
  tooLarge: statementUploadMessages.tooLarge,
  uploadTooLarge: statementUploadMessages.uploadTooLarge,
};

const acceptedExtensions = new Set(['ofx', 'xls', 'xlsx']);
export const maximumStatementBytes = statementUploadLimits.maxFileBytes;
// Multipart headers and boundaries around the files: a few hundred bytes each, generously counted.
const multipartOverheadBytes = 64 * 1024;

/** A file of the upload, kept on disk (private to Prumo's user) while it is read and imported. */
interface UploadedFile {
  name: string;
  path: string;
  sizeBytes: number;
  sha256: string;
}

export interface ReceivedUpload {
  files: UploadedFile[];
  rejected: RejectedFile[];
}

/** A new file only Prumo's user can read; its folder is made the first time (not on every upload). */
async function openNewPrivateFile(filePath: string) {
  try {
    return await open(filePath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(path.dirname(filePath), { recursive: true, mode: 0o700 });
    return open(filePath, 'wx', 0o600);
  }
}

/**
 * Streams one part to a new file only Prumo's user can read, hashing it on the way. Past the
 * per-file limit the rest is read and dropped (null: the next part still comes); past the
 * request's total, `countTotal` refuses the whole upload.
 */
async function storePart(
  source: AsyncIterable<Buffer>,
  filePath: string,
  countTotal: (bytes: number) => void,
): Promise<{ sizeBytes: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const file = await openNewPrivateFile(filePath);
  try {
    for await (const chunk of source) {
      sizeBytes += chunk.length;
      countTotal(chunk.length);
      if (sizeBytes > maximumStatementBytes) continue;
      hash.update(chunk);
      await file.write(chunk);
    }
  } finally {
    await file.close();
  }
  return sizeBytes > maximumStatementBytes ? null : { sizeBytes, sha256: hash.digest('hex') };
}

/**
 * The multipart `files` field, one or more, each streamed to a private file under
 * `directory` rather than held in memory; `use` runs with them, and the files are removed
 * afterwards whatever happens. A request whose files add up to more than the upload limit is
 * refused (413) before anything is read or imported.
 */
export async function withUploadedFiles<Result>(
  request: FastifyRequest,
  directory: string,
  use: (upload: ReceivedUpload) => Promise<Result>,
): Promise<Result> {
  if (!request.isMultipart()) failOnField('files', importMessages.noFiles);
  const declaredBytes = Number(request.headers['content-length']);
  if (declaredBytes > statementUploadLimits.maxTotalBytes + multipartOverheadBytes) {
    fail('tooLarge', importMessages.uploadTooLarge);
  }
  const upload: ReceivedUpload = { files: [], rejected: [] };
  const written: string[] = [];
  let totalBytes = 0;
  const countTotal = (bytes: number) => {
    totalBytes += bytes;
    if (totalBytes > statementUploadLimits.maxTotalBytes) fail('tooLarge', importMessages.uploadTooLarge);
  };
  try {
    try {
      for await (const part of request.parts({
        // Sizes are counted here: a file over its limit is dropped and the rest of the upload goes on;
        // past the total, the upload is refused before busboy's own cap is reached.
        limits: { fileSize: statementUploadLimits.maxTotalBytes + 1, files: statementUploadLimits.maxFiles },
      })) {
        if (part.type !== 'file') continue;
        const name = part.filename || 'arquivo';
        const extension = name.split('.').pop()?.toLowerCase() ?? '';
        if (!acceptedExtensions.has(extension)) {
          part.file.resume();
          upload.rejected.push({ name, detail: importMessages.invalidExtension });
          continue;
        }
        const filePath = path.join(directory, `${randomBytes(12).toString('hex')}.${extension}`);
        written.push(filePath);
        const stored = await storePart(part.file, filePath, countTotal);
        if (stored) upload.files.push({ name, path: filePath, ...stored });
        else {
          await rm(filePath, { force: true });
          upload.rejected.push({ name, detail: importMessages.tooLarge });
        }
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') failOnField('files', importMessages.tooManyFiles);
      throw error;
    }
    if (upload.files.length === 0 && upload.rejected.length === 0) failOnField('files', importMessages.noFiles);
    return await use(upload);
  } finally {
    await Promise.all(written.map((filePath) => rm(filePath, { force: true })));
  }
}

function identityText(text: string): string {
  // Accents are dropped so "Cartão" and "Cartao" (two exports of one bank) are the same line.
  const plain = /[\u0080-\uffff]/.test(text) ? text.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : text;
  return plain.toUpperCase().replace(/\s+/g, ' ').trim();
}

/** What a line's identity is made of, whichever source brought it. */
type IdentifiedLine = Pick<StatementLine, 'date' | 'amountCents' | 'description'>;

/**
 * A line's identity within its account: date, amount, text and which of the identical lines of
 * this file it is (the first, second…). The same file, or another file covering the same days,
 * gives the same identities; two real, identical purchases on one day stay two.
 * Lines are given in file order, one account per builder.
 */
export function createIdentityKeyBuilder(): (line: IdentifiedLine) => bigint {
  const seen = new Map<string, number>();
  // A statement repeats its descriptions (the same shop, the same transfer): each is folded once.
  const texts = new Map<string, string>();
  return (line) => {
    let text = texts.get(line.description);
    if (text === undefined) {
      text = identityText(line.description);
      texts.set(line.description, text);
    }
    const base = `${line.date}|${line.amountCents}|${text}`;
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    // The first 8 bytes of the SHA-1, signed, big-endian; read from hex, which allocates no Buffer a line.
    return BigInt.asIntN(64, BigInt(`0x${hash('sha1', `${base}|${occurrence}`, 'hex').slice(0, 16)}`));
  };
}

/** What a file's read says: whole or partial (it looks incomplete), and whether accounts need data. */
export const readStatuses = {
  whole: 'Leitura concluída',
  wholeWithPendencies: 'Leitura concluída com pendências',
  partial: 'Leitura parcial',
  partialWithPendencies: 'Leitura parcial com pendências',
} as const;

function chooseReadStatus(statement: StatementLinesRead, hasPendencies: boolean): string {
  if (statement.warnings.length > 0) {
    return hasPendencies ? readStatuses.partialWithPendencies : readStatuses.partial;
  }
  return hasPendencies ? readStatuses.wholeWithPendencies : readStatuses.whole;
}

/**
 * For a file that looks incomplete: what was read (how many lines, which days), then why it looks
 * incomplete, so the person knows what to send again. Null for a whole file.
 */
function describeIncompleteRead(statement: StatementLinesRead, linesRead: number): string | null {
  if (statement.warnings.length === 0) return null;
  const dates = statement.accounts.flatMap((account) => account.transactions.map((line) => line.date)).sort();
  const first = dates[0];
  const last = dates[dates.length - 1];
  const read = linesRead === 1 ? 'Foi lida 1 linha' : `Foram lidas ${linesRead.toLocaleString('pt-BR')} linhas`;
  const period =
    first && last
      ? first === last
        ? `, de ${formatBrazilianDate(first)}`
        : `, de ${formatBrazilianDate(first)} a ${formatBrazilianDate(last)}`
      : '';
  return `${read}${period}. ${statement.warnings.join(' ')}`;
}

function* mapLazily<Item, Mapped>(items: readonly Item[], map: (item: Item, index: number) => Mapped) {
  for (let index = 0; index < items.length; index++) yield map(items[index] as Item, index);
}

function countLines(statement: StatementLinesRead): number {
  return statement.accounts.reduce((total, account) => total + account.transactions.length, 0);
}

function describeReadError(error: unknown): string {
  if (error instanceof StatementReadError) return error.message;
  return statementReadMessages.unreadable;
}

/** A line as it is stored: its account, its cash day (a card's bill's due day) and the category suggested. */
function buildNewRow(
  origin: { id: number; cardDays: { closingDay: number; dueDay: number } | null },
  line: { date: string; amountCents: number; name: string; merchantKey: string; identityKey: bigint },
  suggestion: CategorySuggestion | null,
): NewTransactionRow {
  const { cardDays } = origin;
  return {
    originId: origin.id,
    date: line.date,
    // A card purchase weighs on the cash flow when its bill is due.
    cashDate: cardDays ? computeBillDueDate(line.date, cardDays.closingDay, cardDays.dueDay) : line.date,
    amountCents: line.amountCents,
    name: line.name,
    merchantKey: line.merchantKey,
    categoryId: suggestion?.categoryId ?? null,
    descriptionId: suggestion?.descriptionId ?? null,
    categorizedBy: suggestion?.by ?? null,
    isAssetTransfer: suggestion?.isAssetTransfer ?? false,
    identityKey: line.identityKey,
  };
}

/**
 * Lines new to their account that may be payments the other source already brought (a bank
 * connection's line for a file's, or the reverse): each pairs with at most one unpaired line of
 * that source, same amount, at most a few days apart (the domain's rule). The kept line stays and
 * now carries the newcomer's identity, so it is known from then on. Answers the identities paired.
 */
async function pairWithOtherSource(
  transaction: Transaction,
  originId: number,
  incoming: {
    /** Identities this source brings that an unpaired line of the other source already has. */
    pairable: readonly bigint[];
    fresh: readonly { identityKey: bigint; date: string; amountCents: number; name: string }[];
    /** The days this source covers: another source's line outside them has no twin here. */
    covered: { from: string; to: string };
  },
  otherSource: LineSource,
): Promise<Set<bigint>> {
  await pairSameIdentities(transaction, originId, incoming.pairable);
  const { fresh, covered } = incoming;
  const paired = new Set<bigint>();
  const span = findCoveredDays(fresh);
  if (!span) return paired;
  const earliest = shiftDay(span.from, -maximumDayGap);
  const latest = shiftDay(span.to, maximumDayGap);
  const kept = await findUnpairedLines(transaction, originId, otherSource, {
    from: [earliest, covered.from].sort()[1] as string,
    to: [latest, covered.to].sort()[0] as string,
  });
  if (kept.length === 0) return paired;
  const matches = matchLinesAcrossSources(
    kept.map((line) => ({ date: line.date, amountCents: line.amountCents, description: line.name })),
    fresh.map((line) => ({ date: line.date, amountCents: line.amountCents, description: line.name })),
  );
  const pairs: { transactionId: number; pairedIdentityKey: bigint }[] = [];
  matches.forEach((keptIndex, freshIndex) => {
    const line = fresh[freshIndex];
    if (keptIndex === null || !line) return;
    pairs.push({ transactionId: (kept[keptIndex] as (typeof kept)[number]).id, pairedIdentityKey: line.identityKey });
    paired.add(line.identityKey);
  });
  await pairLines(transaction, pairs);
  return paired;
}

/** The first and last day of some lines; null with none. */
function findCoveredDays(rows: readonly { date: string }[]): { from: string; to: string } | null {
  const first = rows[0];
  if (!first) return null;
  let from = first.date;
  let to = from;
  for (const row of rows) {
    if (row.date < from) from = row.date;
    if (row.date > to) to = row.date;
  }
  return { from, to };
}

/** An account or card a bank connection shares, with its booked lines (pending ones are kept apart). */
export interface SyncedAccount {
  kind: 'bank_account' | 'credit_card';
  bankCode: string;
  branch: string;
  accountNumber: string;
  /** Today's balance as the institution reports it (accounts only). */
  balance: { amountCents: number; date: string } | null;
  /** Oldest first, every line of each day from the first day on (identities number a day's identical lines). */
  lines: readonly IdentifiedLine[];
  /** The first day the connection read (its lines cover from it to the last). */
  readFrom: string;
}

/**
 * A bank connection's lines into the client's account of the same identity (bank, branch, number,
 * kind), by the files' own rules: the same identities (a line synced again, or after a
 * reconnection, is added once; one a person deleted stays deleted), the same learned categories
 * and card bills, and merged with a statement file's line of the same payment (ADR 44). Runs in
 * the caller's transaction.
 */
export async function storeSyncedLines(
  transaction: Transaction,
  scope: ClientScope,
  account: SyncedAccount,
): Promise<{ originId: number; added: number; paired: number }> {
  const origin = await upsertOrigin(
    transaction,
    scope,
    {
      kind: account.kind,
      bankCode: normalizeBankCode(account.bankCode) ?? '',
      branch: account.branch,
      accountNumber: account.accountNumber,
    },
    account.balance,
  );
  const buildIdentityKey = createIdentityKeyBuilder();
  const identified = account.lines.map((line) => ({
    identityKey: buildIdentityKey(line),
    date: line.date,
    amountCents: line.amountCents,
    name: line.description,
  }));
  const { known, pairable, otherSourceUnpaired } = origin.created
    ? { known: new Set<bigint>(), pairable: [], otherSourceUnpaired: false }
    : await findKnownIdentities(
        transaction,
        origin.id,
        identified.map((line) => line.identityKey),
        'import',
      );
  const unknown = identified.filter((line) => !known.has(line.identityKey));
  const lastDay = identified.at(-1)?.date;
  // The same payments a statement file already brought count once.
  // Without an unpaired line of a file, there is nothing to pair with.
  const paired =
    !otherSourceUnpaired || !lastDay
      ? new Set<bigint>()
      : await pairWithOtherSource(
          transaction,
          origin.id,
          {
            pairable,
            fresh: unknown,
            covered: { from: account.readFrom, to: lastDay },
          },
          'import',
        );
  const fresh = unknown.filter((line) => !paired.has(line.identityKey));
  const merchantKeys = fresh.map((line) => normalizeMerchantName(line.name));
  const suggestions = await suggestCategories(
    transaction,
    scope,
    fresh.map((line, index) => ({
      merchantKey: merchantKeys[index] ?? '',
      name: line.name,
      amountCents: line.amountCents,
      accountKind: account.kind,
    })),
  );
  const rows = fresh.map((line, index) =>
    buildNewRow(origin, { ...line, merchantKey: merchantKeys[index] ?? '' }, suggestions[index] ?? null),
  );
  if (rows.length > 0) {
    await copyTransactions(
      transaction,
      scope,
      { fileId: null, createdFrom: 'open_finance', createdAt: new Date() },
      rows,
    );
  }
  if (rows.some((row) => row.categoryId === null)) await openCategorizingTask(transaction, scope);
  return { originId: origin.id, added: rows.length, paired: paired.size };
}

/** A text's merchant key, each distinct text normalized once (a statement repeats its texts). */
function createMerchantKeyFinder(): (description: string) => string {
  const merchantKeys = new Map<string, string>();
  return (description) => {
    let key = merchantKeys.get(description);
    if (key === undefined) {
      key = normalizeMerchantName(description);
      merchantKeys.set(description, key);
    }
    return key;
  };
}

/** What storing a file's accounts came to, for its counts and read status. */
interface FileTally {
  added: number;
  uncategorized: number;
  pendencies: number;
}

/** A file's account identity as stored: its bank as a COMPE code, absent parts empty. */
function readOriginIdentity(account: {
  kind: 'bank_account' | 'credit_card';
  bankCode: string | null;
  branch: string | null;
  accountNumber: string | null;
}): OriginIdentity {
  return {
    kind: account.kind,
    bankCode: (account.bankCode && normalizeBankCode(account.bankCode)) ?? '',
    branch: account.branch ?? '',
    accountNumber: account.accountNumber ?? '',
  };
}

/** Builds an account's rows: each line's identity (in file order), cash day and suggested category. */
function createRowBuilder(
  origin: { id: number; cardDays: { closingDay: number; dueDay: number } | null },
  accountKind: 'bank_account' | 'credit_card',
  findMerchantKey: (description: string) => string,
) {
  const buildIdentityKey = createIdentityKeyBuilder();
  return (line: StatementLine, suggest: (line: LineToCategorize) => CategorySuggestion | null): NewTransactionRow => {
    const merchantKey = findMerchantKey(line.description);
    return buildNewRow(
      origin,
      {
        date: line.date,
        amountCents: line.amountCents,
        name: line.description,
        merchantKey,
        identityKey: buildIdentityKey(line),
      },
      suggest({ merchantKey, name: line.description, amountCents: line.amountCents, accountKind }),
    );
  };
}

/** Rows not seen yet (an identity twice stays once), counted into the file's tally as they pass. */
function* keepNewRows(rows: Iterable<NewTransactionRow>, seen: Set<bigint>, tally: FileTally) {
  for (const row of rows) {
    if (seen.has(row.identityKey)) continue;
    seen.add(row.identityKey);
    tally.added += 1;
    if (row.categoryId === null) tally.uncategorized += 1;
    yield row;
  }
}

/**
 * One account of a read file into the client's account of the same identity, made when new:
 * its balance, the file's link to it and its lines, leaving out those it already has.
 */
async function importAccountLines(
  transaction: Transaction,
  scope: ClientScope,
  stored: { id: number; createdAt: Date },
  account: StatementLinesRead['accounts'][number],
  line: {
    findMerchantKey: (description: string) => string;
    suggest: (line: LineToCategorize) => CategorySuggestion | null;
  },
  tally: FileTally,
): Promise<void> {
  const origin = await upsertOrigin(transaction, scope, readOriginIdentity(account), account.balance);
  await insertFileOrigin(transaction, stored.id, origin.id, origin.created);
  if (origin.created) tally.pendencies += 1;
  const buildRow = createRowBuilder(origin, account.kind, line.findMerchantKey);
  // A line already in the account (this file again, another covering the same days, or an
  // earlier block of this file, which this transaction sees) stays once; lines a person deleted
  // from it stay deleted (ADR 4).
  let known: Set<bigint>;
  let candidates: Iterable<NewTransactionRow>;
  if (origin.created) {
    // A new account has no lines yet: rows are built while the database writes the previous ones.
    known = new Set();
    candidates = mapLazily(account.transactions, (each) => buildRow(each, line.suggest));
  } else {
    const built = account.transactions.map((each) => buildRow(each, line.suggest));
    const found = await findKnownIdentities(
      transaction,
      origin.id,
      built.map((row) => row.identityKey),
      'open_finance',
    );
    known = found.known;
    // The same payments a bank connection already brought count once (ADR 44); without an unpaired
    // line of a connection, there is nothing to pair with.
    const covered = findCoveredDays(built);
    if (covered && found.otherSourceUnpaired) {
      const paired = await pairWithOtherSource(
        transaction,
        origin.id,
        { pairable: found.pairable, fresh: built.filter((row) => !found.known.has(row.identityKey)), covered },
        'open_finance',
      );
      for (const key of paired) known.add(key);
    }
    candidates = built;
  }
  await copyTransactions(
    transaction,
    scope,
    { fileId: stored.id, createdFrom: 'import', createdAt: stored.createdAt },
    keepNewRows(candidates, known, tally),
  );
}

/** The end of a file's import, inside its transaction: its counts and status, tasks and the notice. */
async function finishFileImport(
  transaction: Transaction,
  scope: ClientScope,
  file: { id: number; name: string; bundleId: number },
  statement: StatementLinesRead,
  tally: FileTally,
): Promise<void> {
  const linesRead = countLines(statement);
  await updateFileRead(transaction, file.id, {
    transactionsAdded: tally.added,
    transactionsRead: linesRead,
    readStatus: chooseReadStatus(statement, tally.pendencies > 0),
    readWarning: describeIncompleteRead(statement, linesRead),
    skippedRows: statement.skippedRows.slice(0, 500),
  });
  if (tally.uncategorized > 0) await openCategorizingTask(transaction, scope);
  // The statements a planner asked for have arrived (ADR 5).
  await completeImportTasks(transaction, scope, file.bundleId);
  await notifyImportFinished(transaction, scope, { id: file.id, name: file.name, added: tally.added });
}

type Executor = Database | Transaction;

/** Makes the upload's bundle with its first importable file (in `executor`), or finds the one named. */
type BundleHolder = (executor?: Executor) => Promise<{ id: number }>;

/**
 * All or nothing: a file's row, its accounts and its lines (`importLines`, which answers the whole
 * read) land in one transaction with the file's counts, tasks and notice, or not at all; then the
 * original `keeping` kept is removed too.
 */
async function writeStatementFile(
  deps: AppDependencies,
  scope: ClientScope,
  file: UploadedFile & { format: StatementLinesRead['format'] },
  kept: { keeping: Promise<string>; holdBundle: (transaction: Transaction) => Promise<{ id: number }> },
  importLines: (
    transaction: Transaction,
    stored: { id: number; createdAt: Date },
    tally: FileTally,
  ) => Promise<StatementLinesRead>,
): Promise<number> {
  try {
    return await deps.db.transaction(async (transaction) => {
      const [bundle, storedPath] = await Promise.all([kept.holdBundle(transaction), kept.keeping]);
      const stored = await insertStatementFile(transaction, scope, {
        bundleId: bundle.id,
        name: file.name,
        format: file.format,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        storedPath,
        readStatus: readStatuses.whole,
      });
      const tally: FileTally = { added: 0, uncategorized: 0, pendencies: 0 };
      const statement = await importLines(transaction, stored, tally);
      await finishFileImport(
        transaction,
        scope,
        { id: stored.id, name: file.name, bundleId: bundle.id },
        statement,
        tally,
      );
      return stored.id;
    });
  } catch (error) {
    await discardKeptOriginal(deps, kept.keeping);
    throw error;
  }
}

/** A kept original with no file row to name it is removed, not left for the cleanup. */
async function discardKeptOriginal(deps: AppDependencies, keeping: Promise<string>): Promise<void> {
  await keeping.then((storedPath) => deps.storage.discard(storedPath)).catch(() => undefined);
}

async function importOneFile(
  deps: AppDependencies,
  scope: ClientScope,
  holdBundle: BundleHolder,
  file: UploadedFile,
  statement: StatementLinesRead,
): Promise<number> {
  const findMerchantKey = createMerchantKeyFinder();
  // The original is kept (privately) so the client can download it again from Arquivos.
  const keeping = deps.storage.keepFile('statements', statement.format, file.path);
  const [suggest, bundle] = await Promise.all([
    // Each line is categorized as it is written (the learned answers are read first, once).
    prepareCategorizer(
      deps.db,
      scope,
      statement.accounts.flatMap((account) => account.transactions.map((line) => findMerchantKey(line.description))),
    ),
    holdBundle(),
    keeping,
  ]).catch(async (error) => {
    await discardKeptOriginal(deps, keeping);
    throw error;
  });
  const kept = { keeping, holdBundle: async () => bundle };
  return writeStatementFile(
    deps,
    scope,
    { ...file, format: statement.format },
    kept,
    async (transaction, stored, tally) => {
      for (const account of statement.accounts) {
        await importAccountLines(transaction, scope, stored, account, { findMerchantKey, suggest }, tally);
      }
      return statement;
    },
  );
}

/** The whole read disagrees with what was stored while it went on: the import starts over from it. */
class StreamedReadChanged extends Error {}

/**
 * A big file whose lines come while the reader still reads: a block naming an account the client
 * does not have yet is copied in as it comes (the database writes while the worker reads); any
 * other block waits for the whole read and is imported like a small file's. The whole read then
 * says what the streamed lines could not: the balance, the file's warnings and skipped rows, and
 * whether the blocks end as they were streamed (same accounts, the copied ones with the same lines);
 * when one does not (a file's name naming an unnamed account, rows past the statement's end left
 * out), or no line is left to import, the transaction is rolled back with `StreamedReadChanged`,
 * for the file to be imported (or refused) from the whole read. A read that fails leaves nothing.
 */
async function importStreamedFile(
  deps: AppDependencies,
  scope: ClientScope,
  holdBundle: BundleHolder,
  file: UploadedFile,
  read: {
    firstBlock: StreamedBlock;
    nextBlock: () => Promise<StreamedBlock | null>;
    whole: Promise<StatementLinesRead>;
  },
): Promise<number> {
  const findMerchantKey = createMerchantKeyFinder();
  const keeping = deps.storage.keepFile('statements', 'ofx', file.path);
  // Awaited in the transaction; a failure before it must not count as unhandled.
  keeping.catch(() => undefined);
  const kept = { keeping, holdBundle };
  return writeStatementFile(deps, scope, { ...file, format: 'ofx' }, kept, async (transaction, stored, tally) => {
    // Everything goes through the transaction's own connection: a transaction waiting for another
    // of the pool's could wait for ever once enough imports hold them all.
    const categorizer = createCategorizer(transaction, scope);
    // Each streamed block's account as its first lines named it, and whether its lines were copied.
    const streamedBlocks: {
      accountIndex: number;
      identity: OriginIdentity;
      lineCount: number;
      originId: number | null;
    }[] = [];
    for (let block: StreamedBlock | null = read.firstBlock; block; block = await read.nextBlock()) {
      const identity = readOriginIdentity(block.account);
      const origin = await upsertOrigin(transaction, scope, identity, null);
      if (origin.created) {
        await insertFileOrigin(transaction, stored.id, origin.id, true);
        tally.pendencies += 1;
        const buildRow = createRowBuilder(origin, identity.kind, findMerchantKey);
        const seen = new Set<bigint>();
        for await (const lines of block.chunks) {
          // One COPY a chunk: the connection answers the categorizer's reads between them.
          await categorizer.learn(lines.map((each) => findMerchantKey(each.description)));
          const rows = mapLazily(lines, (each) => buildRow(each, categorizer.suggest));
          await copyTransactions(
            transaction,
            scope,
            { fileId: stored.id, createdFrom: 'import', createdAt: stored.createdAt },
            keepNewRows(rows, seen, tally),
          );
        }
      } else {
        // Its lines are checked against the account's once the whole read has them.
        for await (const _chunk of block.chunks);
      }
      if (block.accountIndex === null) throw new Error('a streamed block ended without its account');
      const originId = origin.created ? origin.id : null;
      streamedBlocks.push({ accountIndex: block.accountIndex, identity, lineCount: block.lineCount, originId });
    }
    const statement = await read.whole;
    // What the early names and lines did (accounts made, held or matched) stands only if the whole
    // read says the same; a file with no line to import is refused by the whole read's import.
    const differs = streamedBlocks.some((streamed) => {
      const account = statement.accounts[streamed.accountIndex];
      return (
        !account ||
        (streamed.originId !== null && account.transactions.length !== streamed.lineCount) ||
        !isSameOriginIdentity(readOriginIdentity(account), streamed.identity)
      );
    });
    if (differs || countLines(statement) === 0) throw new StreamedReadChanged();
    const copied = new Set<number>();
    for (const streamed of streamedBlocks) {
      if (streamed.originId === null) continue;
      copied.add(streamed.accountIndex);
      await recordNewOriginBalance(
        transaction,
        scope,
        streamed.originId,
        statement.accounts[streamed.accountIndex]?.balance ?? null,
      );
    }
    for (const [accountIndex, account] of statement.accounts.entries()) {
      if (copied.has(accountIndex)) continue;
      await categorizer.learn(account.transactions.map((line) => findMerchantKey(line.description)));
      const line = { findMerchantKey, suggest: categorizer.suggest };
      await importAccountLines(transaction, scope, stored, account, line, tally);
    }
    return statement;
  });
}

function isSameOriginIdentity(first: OriginIdentity, second: OriginIdentity): boolean {
  return (
    first.kind === second.kind &&
    first.bankCode === second.bankCode &&
    first.branch === second.branch &&
    first.accountNumber === second.accountNumber
  );
}

/** The first and last day (YYYY-MM-DD) of the lines of the files just read, or null with no line. */
export interface ImportedPeriod {
  start: string;
  end: string;
}

/**
 * Where the screen should open after an import: `period` widened to the span of every line the
 * statement holds, those already known (duplicates) too, by the day they were printed.
 */
export function widenImportedPeriod(
  period: ImportedPeriod | null,
  statement: StatementLinesRead,
): ImportedPeriod | null {
  let start = period?.start ?? null;
  let end = period?.end ?? null;
  for (const account of statement.accounts) {
    for (const line of account.transactions) {
      // ISO days compare as text.
      if (start === null || line.date < start) start = line.date;
      if (end === null || line.date > end) end = line.date;
    }
  }
  return start && end ? { start, end } : null;
}

/**
 * A statement block of more lines than this is stored while the rest of its file is still read:
 * enough lines that a month's statement comes whole, few enough that the database starts early.
 */
const streamedLinesPerChunk = 16_384;

/**
 * Big files are read and imported one at a time in the process. A 160,000-line file takes a few hundred
 * MB between its read (the lines come back from the worker) and the end of its import; three 60 MB
 * uploads at once, each file read ahead, took the process to 1.6–1.8 GB. The database is the
 * bottleneck either way, so waiting costs little time; the uploads wait on disk, not in memory.
 */
let importQueue: Promise<unknown> = Promise.resolve();
function runOneAtATime<Result>(task: () => Promise<Result>): Promise<Result> {
  const result = importQueue.then(task);
  importQueue = result.catch(() => undefined);
  return result;
}

/**
 * A file of a few hundred lines (a month of a bank account) takes a few MB at most from its read
 * to its import: it does not wait behind a big one. Under many people uploading, the queue was
 * what their uploads spent most of their time in.
 */
const smallFileBytes = 1024 * 1024;
function runInTurn<Result>(file: UploadedFile, task: () => Promise<Result>): Promise<Result> {
  return file.sizeBytes <= smallFileBytes ? task() : runOneAtATime(task);
}

/**
 * upload/ and import-bundle/{id}/add/: each file is read, then imported on its own, all or
 * nothing; files that cannot be read are reported and leave nothing behind. When every file
 * fails, the answer is 400 and no bundle is made. `afterStored` runs once some file is stored,
 * while the stored files are read back for the answer.
 */
export async function importFiles(
  deps: AppDependencies,
  scope: ClientScope,
  existingBundleId: number | null,
  uploaded: ReceivedUpload,
  statementReader: StatementReader,
  afterStored: () => Promise<void>,
) {
  const rejected = [...uploaded.rejected];
  // Made with the first file that can be imported (none when every file is refused), while that
  // file's categories are read and its original kept; a big file makes it inside its own
  // transaction, so a file that fails halfway leaves no bundle behind.
  const made: { bundle: Promise<{ id: number; createdAt: Date }> | null } = { bundle: null };
  const holdBundle = (executor: Executor = deps.db) => {
    made.bundle ??= (
      existingBundleId ? findBundle(executor, scope, existingBundleId) : insertBundle(executor, scope)
    ).then((found) => found ?? failNotFound(importMessages.bundleNotFound));
    return made.bundle;
  };
  const refuseUnread = async (file: UploadedFile, error: unknown) => {
    const detail = describeReadError(error);
    rejected.push({ name: file.name, detail });
    await notifyImportFailed(deps.db, scope, { name: file.name, sha256: file.sha256, reason: detail });
    return null;
  };
  /** One file read and imported: its id and what was read, or null when it is refused. */
  const importFile = async (file: UploadedFile): Promise<{ fileId: number; statement: StatementLinesRead } | null> => {
    // Read in a worker thread from the file on disk: the bytes never pass through this thread. A
    // big block's lines come before the read ends, and are stored while the rest is read.
    const streamed = createStreamedBlocks();
    const whole = statementReader.readFile(file.name, file.path, {
      onLines: streamed.accept,
      linesPerChunk: streamedLinesPerChunk,
    });
    whole.then(streamed.finish, streamed.fail);
    const firstBlock = await streamed.nextBlock().catch(() => null);
    if (firstBlock) {
      const bundleBefore = made.bundle;
      try {
        const read = { firstBlock, nextBlock: streamed.nextBlock, whole };
        const fileId = await importStreamedFile(deps, scope, holdBundle, file, read);
        return { fileId, statement: await whole };
      } catch (error) {
        // A bundle made inside the failed transaction is gone with it.
        if (bundleBefore === null) made.bundle = null;
        const readFailure = await whole.then(
          () => null,
          (failure: unknown) => failure,
        );
        if (readFailure !== null) return refuseUnread(file, readFailure);
        // The whole read disagreeing with what was streamed: imported from it below.
        if (!(error instanceof StreamedReadChanged)) throw error;
      }
    }
    let statement: StatementLinesRead;
    try {
      statement = await whole;
    } catch (error) {
      return refuseUnread(file, error);
    }
    // A file with no line to import is not a statement Prumo can use: refused, nothing kept.
    if (countLines(statement) === 0) {
      rejected.push({ name: file.name, detail: statementReadMessages.unreadable });
      return null;
    }
    return { fileId: await importOneFile(deps, scope, holdBundle, file, statement), statement };
  };
  const fileIds: number[] = [];
  let period: ImportedPeriod | null = null;
  for (const file of uploaded.files) {
    const imported = await runInTurn(file, () => importFile(file));
    if (!imported) continue;
    fileIds.push(imported.fileId);
    period = widenImportedPeriod(period, imported.statement);
  }
  const bundle = await made.bundle;
  if (!bundle) {
    // The first reason as the detail (what a person reads first), every file's reason beside it.
    throw new DomainError('invalid', {
      detail: rejected.length === 1 ? rejected[0]?.detail : importMessages.allRejected,
      files: rejected.map((file) => `${file.name}: ${file.detail}`),
    });
  }
  const [files] = await Promise.all([presentFiles(deps, scope, { fileIds }), afterStored()]);
  return { bundle, files, rejected, period };
}

/** A file's account as its kind: statements bring bank accounts and cards, never a manual account. */
export function readStatementAccountKind(kind: OriginKind): StatementAccountKind {
  if (kind === 'manual') throw new Error('a statement file lists a manual account');
  return kind;
}

/** What a stored statement file says of its read, as a client's file and a prospect's both answer it. */
export interface StoredFileRead {
  name: string;
  format: string;
  readStatus: string;
  readWarning: string | null;
  createdAt: Date;
  transactionsRead: number;
  transactionsAdded: number;
  skippedRows: { reason: string; text: string; date?: string | null; amountCents?: number | null }[];
}

export function presentFileRead(file: StoredFileRead) {
  return {
    name: file.name,
    format: file.format,
    read_status: file.readStatus,
    /** Why the file looks incomplete (pt-BR), shown with 'Leitura parcial'; null when it is whole. */
    read_warning: file.readWarning,
    created_at: file.createdAt.toISOString(),
    transactions_read: file.transactionsRead,
    transactions_added: file.transactionsAdded,
    duplicates_ignored: file.transactionsRead - file.transactionsAdded,
    // Date (YYYY-MM-DD) and amount (cents) for the screens to format; files read before they were
    // kept have only their text.
    skipped_rows: file.skippedRows.map((row) => ({
      reason: row.reason,
      text: row.text,
      date: row.date ?? null,
      amount: row.amountCents ?? null,
    })),
  };
}

export async function presentFiles(
  deps: AppDependencies,
  scope: ClientScope,
  filter: FileFilter,
): Promise<StatementFile[]> {
  // Files asked for by id (those an import just stored) are read with their accounts at once; each
  // account is shown only beside a file the scoped read found.
  const filesRead = findFiles(deps.db, scope, filter);
  const [files, fileOrigins] = await Promise.all([
    filesRead,
    filter.fileIds
      ? findFileOrigins(deps.db, filter.fileIds)
      : filesRead.then((found) =>
          findFileOrigins(
            deps.db,
            found.map((file) => file.id),
          ),
        ),
  ]);
  return files.map((file) => ({
    id: file.id,
    ...presentFileRead(file),
    bundle: file.bundleId,
    // The file path: where the client downloads the statement as they sent it.
    file: file.storedPath ? `/api/file/${file.id}/download/` : null,
    manual_cash: false,
    accounts: fileOrigins
      .filter((origin) => origin.fileId === file.id)
      .map((origin) => ({
        origin: origin.originId,
        kind: readStatementAccountKind(origin.kind),
        name: describeOrigin(origin),
        bank_code: origin.bankCode || null,
        bank_name: findBankByCode(origin.bankCode)?.name ?? null,
        branch: origin.branch || null,
        account_number: origin.accountNumber || null,
        new_account: origin.newAccount,
      })),
  }));
}

/** One uploaded file read in the worker pool: its statement, or why it is refused (unreadable, no line). */
export async function readUploadedStatement(
  statementReader: StatementReader,
  file: UploadedFile,
): Promise<{ statement: StatementLinesRead } | { rejected: RejectedFile }> {
  let statement: StatementLinesRead;
  try {
    statement = await runInTurn(file, () => statementReader.readFile(file.name, file.path));
  } catch (error) {
    return { rejected: { name: file.name, detail: describeReadError(error) } };
  }
  if (countLines(statement) === 0) return { rejected: { name: file.name, detail: statementReadMessages.unreadable } };
  return { statement };
}

/** What a file's read says once stored, and why it looks incomplete (null when whole): as imports word it. */
export function describeStatementRead(statement: StatementLinesRead, linesRead: number, hasPendencies: boolean) {
  return {
    readStatus: chooseReadStatus(statement, hasPendencies),
    readWarning: describeIncompleteRead(statement, linesRead),
  };
}

/** Every file of an upload refused: 400, the first reason as the detail and every file's beside it. */
export function failAllRejected(rejected: readonly RejectedFile[]): never {
  throw new DomainError('invalid', {
    detail: rejected.length === 1 ? rejected[0]?.detail : importMessages.allRejected,
    files: rejected.map((file) => `${file.name}: ${file.detail}`),
  });
}
