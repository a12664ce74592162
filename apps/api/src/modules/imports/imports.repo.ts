import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSameCard, readCardLastDigits } from '@prumo/domain/open-banking/card-identity';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database, Transaction } from '../../db/database';
import { importBundles, origins, statementFileOrigins, statementFiles, transactions } from '../../db/schema';
import type { ClientScope } from '../../lib/scope';
import { buildClientOwnedWhere } from '../../lib/scope';

type Executor = Database | Transaction;

export async function insertBundle(db: Executor, scope: ClientScope): Promise<{ id: number; createdAt: Date }> {
  const [bundle] = await db
    .insert(importBundles)
    .values({
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      createdByUserId: scope.caller.userId,
    })
    .returning({ id: importBundles.id, createdAt: importBundles.createdAt });
  if (!bundle) throw new Error('bundle not created');
  return bundle;
}

export async function findBundle(db: Executor, scope: ClientScope, bundleId: number) {
  const [bundle] = await db
    .select({ id: importBundles.id, createdAt: importBundles.createdAt })
    .from(importBundles)
    .where(and(eq(importBundles.id, bundleId), buildClientOwnedWhere(importBundles, scope)));
  return bundle ?? null;
}

export interface OriginIdentity {
  kind: 'bank_account' | 'credit_card';
  bankCode: string;
  branch: string;
  accountNumber: string;
}

/**
 * The client's card that this card identity names though written otherwise (a file's masked number
 * and no bank, a connection's last four digits and its bank): the one card with those last digits
 * at a compatible bank, which takes the bank when it named none. Null when there is none, or more
 * than one (a guess would mix two cards' bills). The client's card creation is held meanwhile, so
 * two imports of one new card (in any process) find the same one.
 */
async function findSameCardOrigin(db: Executor, scope: ClientScope, identity: OriginIdentity): Promise<number | null> {
  if (identity.kind !== 'credit_card' || !readCardLastDigits(identity.accountNumber)) return null;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`card-origin:${scope.clientUserId}`}, 0))`);
  const cards = await db
    .select({
      id: origins.id,
      bankCode: origins.bankCode,
      branch: origins.branch,
      accountNumber: origins.accountNumber,
    })
    .from(origins)
    .where(and(buildClientOwnedWhere(origins, scope), eq(origins.kind, 'credit_card')));
  const exact = cards.find(
    (card) =>
      card.bankCode === identity.bankCode &&
      card.branch === identity.branch &&
      card.accountNumber === identity.accountNumber,
  );
  if (exact) return exact.id;
  const same = cards.filter((card) => isSameCard(card, identity));
  const [card] = same;
  if (same.length !== 1 || !card) return null;
  if (card.bankCode === '' && identity.bankCode !== '') {
    await db.update(origins).set({ bankCode: identity.bankCode }).where(eq(origins.id, card.id));
  }
  return card.id;
}

/** The client's origin with this identity, created when new (then `created` is true). */
export async function upsertOrigin(
  db: Executor,
  scope: ClientScope,
  identity: OriginIdentity,
  balance: { amountCents: number; date: string | null } | null,
): Promise<{ id: number; created: boolean; cardDays: { closingDay: number; dueDay: number } | null }> {
  const sameCardId = await findSameCardOrigin(db, scope, identity);
  const sameIdentity = and(
    buildClientOwnedWhere(origins, scope),
    sameCardId !== null
      ? eq(origins.id, sameCardId)
      : and(
          eq(origins.kind, identity.kind),
          eq(origins.bankCode, identity.bankCode),
          eq(origins.branch, identity.branch),
          eq(origins.accountNumber, identity.accountNumber),
        ),
  );
  const heldColumns = {
    id: origins.id,
    balanceDate: origins.balanceDate,
    closingDay: origins.closingDay,
    dueDay: origins.dueDay,
  };
  const balanceDate = balance?.date ?? null;
  // A newer statement brings a newer balance: the update both writes it and holds the row (an
  // update locks as FOR NO KEY UPDATE does), so a statement of an account the client has is one query.
  const updateBalance = async () => {
    if (!balance || balanceDate === null) return undefined;
    const [updated] = await db
      .update(origins)
      .set({ balanceCents: balance.amountCents, balanceDate })
      .where(and(sameIdentity, or(isNull(origins.balanceDate), lte(origins.balanceDate, balanceDate))))
      .returning(heldColumns);
    return updated;
  };
  // Held until the transaction ends, so two imports into one account (in any process) take turns:
  // what one finds already imported is still all there is when it writes. Key-share locks (lines of
  // the account being written elsewhere) are not held up.
  const findHeld = async () => {
    const [held] = await db.select(heldColumns).from(origins).where(sameIdentity).for('no key update');
    return held;
  };
  let existing = (await updateBalance()) ?? (await findHeld());
  if (!existing && sameCardId === null) {
    const [inserted] = await db
      .insert(origins)
      .values({
        organizationId: scope.organizationId,
        clientUserId: scope.clientUserId,
        ...identity,
        balanceCents: balance?.amountCents ?? null,
        balanceDate,
      })
      .onConflictDoNothing()
      .returning({ id: origins.id });
    // A new account is this transaction's own until it ends: an import into it elsewhere waits on the insert.
    if (inserted) return { id: inserted.id, created: true, cardDays: null };
    // Made meanwhile by another import, which has committed: held now like any other.
    existing = (await updateBalance()) ?? (await findHeld());
  }
  if (!existing) throw new Error('origin vanished');
  const { closingDay, dueDay } = existing;
  const cardDays =
    identity.kind === 'credit_card' && closingDay !== null && dueDay !== null ? { closingDay, dueDay } : null;
  return { id: existing.id, created: false, cardDays };
}

export interface NewTransactionRow {
  originId: number;
  date: string;
  cashDate: string;
  amountCents: number;
  name: string;
  merchantKey: string;
  categoryId: number | null;
  descriptionId: number | null;
  categorizedBy: 'client_history' | 'organization_history' | 'rule' | null;
  isAssetTransfer: boolean;
  identityKey: bigint;
}

/** The pg client under a drizzle transaction: COPY streams need the connection itself. */
function findConnection(transaction: Transaction): pg.PoolClient {
  const { client } = transaction._.session as unknown as { client?: pg.PoolClient };
  if (!client || typeof client.release !== 'function') throw new Error('transaction without its own connection');
  return client;
}

/**
 * Which of these identities the account already has (lines imported or typed before), and the
 * identities of its lines a person deleted, which later imports keep out too (ADR 4). `pairable`:
 * those held by a line of `otherSource` not yet merged with one of this source, the same payment
 * from both sources (usually none, so importing a file again touches nothing).
 * `otherSourceUnpaired`: whether the account has any such line at all (without one, a newcomer
 * has nothing to pair with and nothing more is looked up).
 */
export async function findKnownIdentities(
  transaction: Transaction,
  originId: number,
  identityKeys: readonly bigint[],
  otherSource: LineSource,
): Promise<{ known: Set<bigint>; pairable: bigint[]; otherSourceUnpaired: boolean }> {
  // The keys travel as one text (an array parameter of 100,000 numbers costs PostgreSQL more to read
  // than the lookups) and are joined once: `= any(…)` over them took twice as long.
  const result = await findConnection(transaction).query<{ identity_key: string | null; pairable: boolean }>(
    `with file_keys as materialized (select unnest(string_to_array($2, ',')::bigint[]) as key)
     select t.identity_key, t.created_from = $3 and t.paired_identity_key is null as pairable
       from file_keys join transactions t on t.origin_id = $1 and t.identity_key = file_keys.key
     union all select t.paired_identity_key, false
       from file_keys join transactions t on t.origin_id = $1 and t.paired_identity_key = file_keys.key
     union all select identity_key, false from dismissed_lines where origin_id = $1
     union all select null, true where exists (select from transactions
       where origin_id = $1 and created_from = $3 and paired_identity_key is null)`,
    [originId, identityKeys.join(','), otherSource],
  );
  const known = new Set<bigint>();
  const pairable: bigint[] = [];
  let otherSourceUnpaired = false;
  for (const row of result.rows) {
    if (row.identity_key === null) {
      otherSourceUnpaired = true;
      continue;
    }
    const identityKey = BigInt(row.identity_key);
    known.add(identityKey);
    if (row.pairable) pairable.push(identityKey);
  }
  return { known, pairable, otherSourceUnpaired };
}

const copiedColumns =
  'organization_id, client_user_id, file_id, created_from, origin_id, date, cash_date, amount_cents, name, ' +
  'merchant_key, category_id, description_id, categorized_by, categorized_at, is_asset_transfer, identity_key';

/** A line of one source, unpaired, that the same payment from the other source may be. */
export interface UnpairedLine {
  id: number;
  date: string;
  amountCents: number;
  name: string;
}

/**
 * The account's lines from `source` not yet merged with a line of the other source, between two
 * days: what a line arriving from the other source may pair with (ADR 44).
 */
export async function findUnpairedLines(
  transaction: Transaction,
  originId: number,
  source: LineSource,
  between: { from: string; to: string },
): Promise<UnpairedLine[]> {
  const result = await findConnection(transaction).query<{
    id: string;
    date: string;
    amount_cents: string;
    name: string;
  }>(
    `select id, to_char(date, 'YYYY-MM-DD') as date, amount_cents, name from transactions
     where origin_id = $1 and created_from = $2 and paired_identity_key is null and date between $3 and $4
     order by date, id`,
    [originId, source, between.from, between.to],
  );
  return result.rows.map((row) => ({
    id: Number(row.id),
    date: row.date,
    amountCents: Number(row.amount_cents),
    name: row.name,
  }));
}

/**
 * The other source's unpaired lines that have one of these identities (the same text from both
 * sources, found by `findKnownIdentities`): each is the same payment, already counted once, so it
 * is marked paired with itself and no other line of this source can be paired into it later.
 */
export async function pairSameIdentities(
  transaction: Transaction,
  originId: number,
  identityKeys: readonly bigint[],
): Promise<void> {
  if (identityKeys.length === 0) return;
  await findConnection(transaction).query(
    `update transactions set paired_identity_key = identity_key
     where origin_id = $1 and paired_identity_key is null and identity_key = any($2::bigint[])`,
    [originId, identityKeys.map(String)],
  );
}

/** Merges a line of the other source into a kept line: the kept one stays, the other is known through it. */
export async function pairLines(
  transaction: Transaction,
  pairs: readonly { transactionId: number; pairedIdentityKey: bigint }[],
): Promise<void> {
  if (pairs.length === 0) return;
  await findConnection(transaction).query(
    `update transactions set paired_identity_key = paired.identity_key
     from unnest($1::bigint[], $2::bigint[]) as paired(id, identity_key) where transactions.id = paired.id`,
    [pairs.map((pair) => pair.transactionId), pairs.map((pair) => String(pair.pairedIdentityKey))],
  );
}

/** Where a line came from: a statement file (`import`) or a bank connection (`open_finance`). */
export type LineSource = 'import' | 'open_finance';

/**
 * Rows in COPY's binary format, a chunk of about 256 KB at a time: PostgreSQL reads numbers and
 * days as they are stored instead of parsing their text (an eighth less of its time for a
 * statement), and no line's text is escaped or copied twice here.
 */
class BinaryCopyWriter {
  private static readonly chunkBytes = 256 * 1024;
  private static readonly daysFrom1970To2000 = 10_957;
  private buffer = Buffer.allocUnsafe(BinaryCopyWriter.chunkBytes);
  private offset = 0;
  private readonly dayNumbers = new Map<string, number>();

  constructor() {
    // Signature, flags, header extension length.
    this.offset += this.buffer.write('PGCOPY\n\xff\r\n\0', 0, 'latin1');
    this.offset = this.buffer.writeInt32BE(0, this.offset);
    this.offset = this.buffer.writeInt32BE(0, this.offset);
  }

  /** The chunk so far when fewer than `bytes` are left in it (a new chunk is started), else null. */
  takeChunkUnlessRoomFor(bytes: number): Buffer | null {
    if (this.offset + bytes <= this.buffer.length) return null;
    const chunk = this.buffer.subarray(0, this.offset);
    this.buffer = Buffer.allocUnsafe(Math.max(BinaryCopyWriter.chunkBytes, bytes));
    this.offset = 0;
    return chunk;
  }

  /** What is left, with the end-of-data mark. */
  finish(): Buffer {
    this.offset = this.buffer.writeInt16BE(-1, this.offset);
    return this.buffer.subarray(0, this.offset);
  }

  startRow(fieldCount: number): void {
    this.offset = this.buffer.writeInt16BE(fieldCount, this.offset);
  }

  writeNull(): void {
    this.offset = this.buffer.writeInt32BE(-1, this.offset);
  }

  writeInteger(value: number | null): void {
    if (value === null) {
      this.writeNull();
      return;
    }
    this.offset = this.buffer.writeInt32BE(4, this.offset);
    this.offset = this.buffer.writeInt32BE(value, this.offset);
  }

  /** A bigint column from a safe integer (cents). */
  writeBigIntNumber(value: number): void {
    const high = Math.floor(value / 4_294_967_296);
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeInt32BE(high, this.offset);
    this.offset = this.buffer.writeUInt32BE(value - high * 4_294_967_296, this.offset);
  }

  writeBigInt(value: bigint): void {
    this.offset = this.buffer.writeInt32BE(8, this.offset);
    this.offset = this.buffer.writeBigInt64BE(value, this.offset);
  }

  /** A date column from "YYYY-MM-DD": days since 2000-01-01. */
  writeDay(day: string): void {
    let dayNumber = this.dayNumbers.get(day);
    if (dayNumber === undefined) {
      const milliseconds = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
      if (Number.isNaN(milliseconds)) throw new Error(`not a day: ${day}`);
      dayNumber = milliseconds / 86_400_000 - BinaryCopyWriter.daysFrom1970To2000;
      this.dayNumbers.set(day, dayNumber);
    }
    this.writeInteger(dayNumber);
  }

  /** A timestamptz column: microseconds since 2000-01-01 UTC. */
  writeInstant(instant: Date): void {
    const milliseconds = instant.getTime() - BinaryCopyWriter.daysFrom1970To2000 * 86_400_000;
    this.writeBigIntNumber(milliseconds * 1000);
  }

  writeBoolean(value: boolean): void {
    this.offset = this.buffer.writeInt32BE(1, this.offset);
    this.offset = this.buffer.writeUInt8(value ? 1 : 0, this.offset);
  }

  /** A text (or enum) column, UTF-8; room for it must have been asked for (3 bytes a UTF-16 unit). */
  writeText(value: string | null): void {
    if (value === null) {
      this.writeNull();
      return;
    }
    const length = this.buffer.write(value, this.offset + 4, 'utf8');
    this.buffer.writeInt32BE(length, this.offset);
    this.offset += 4 + length;
  }
}

const copiedColumnCount = 16;
/** A row's bytes besides its two texts: 2 for the count, 4 a field, 8 at most a value. */
const rowBytesBesidesTexts = 2 + copiedColumnCount * 12 + 64;

function* writeCopyRows(
  scope: ClientScope,
  source: { fileId: number | null; createdFrom: LineSource },
  categorizedAt: Date,
  rows: Iterable<NewTransactionRow>,
) {
  const writer = new BinaryCopyWriter();
  for (const row of rows) {
    const chunk = writer.takeChunkUnlessRoomFor(rowBytesBesidesTexts + 3 * (row.name.length + row.merchantKey.length));
    if (chunk) yield chunk;
    // In `copiedColumns`' order.
    writer.startRow(copiedColumnCount);
    writer.writeInteger(scope.organizationId);
    writer.writeInteger(scope.clientUserId);
    writer.writeInteger(source.fileId);
    writer.writeText(source.createdFrom);
    writer.writeInteger(row.originId);
    writer.writeDay(row.date);
    writer.writeDay(row.cashDate);
    writer.writeBigIntNumber(row.amountCents);
    writer.writeText(row.name);
    writer.writeText(row.merchantKey);
    writer.writeInteger(row.categoryId);
    writer.writeInteger(row.descriptionId);
    writer.writeText(row.categorizedBy);
    if (row.categorizedBy) writer.writeInstant(categorizedAt);
    else writer.writeNull();
    writer.writeBoolean(row.isAssetTransfer);
    writer.writeBigInt(row.identityKey);
  }
  yield writer.finish();
}

/**
 * New lines, streamed through COPY (a fraction of the cost of INSERT for a whole statement), read
 * from `rows` as the stream asks for more. Every line must be new to its account: the caller holds
 * the account (`upsertOrigin`) and has left out the identities it already has
 * (`findKnownIdentities`). The statement trigger checks the accounts and bumps the cash-flow
 * version, as for any insert.
 */
export async function copyTransactions(
  transaction: Transaction,
  scope: ClientScope,
  source: { fileId: number | null; createdFrom: LineSource; createdAt: Date },
  rows: Iterable<NewTransactionRow>,
): Promise<void> {
  // The file was made in this transaction: its time is the transaction's, as now() would have written it.
  await pipeline(
    Readable.from(writeCopyRows(scope, source, source.createdAt, rows)),
    findConnection(transaction).query(copyFrom(`copy transactions (${copiedColumns}) from stdin with (format binary)`)),
  );
}

export async function insertStatementFile(
  db: Executor,
  scope: ClientScope,
  values: Omit<typeof statementFiles.$inferInsert, 'organizationId' | 'clientUserId'>,
) {
  const [file] = await db
    .insert(statementFiles)
    .values({ ...values, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .returning();
  if (!file) throw new Error('file not created');
  return file;
}

/** What the import of a file found, once it has read and stored all of it. */
export async function updateFileRead(
  db: Executor,
  fileId: number,
  read: Partial<
    Pick<
      typeof statementFiles.$inferInsert,
      'transactionsAdded' | 'transactionsRead' | 'readStatus' | 'readWarning' | 'skippedRows'
    >
  >,
) {
  await db.update(statementFiles).set(read).where(eq(statementFiles.id, fileId));
}

/** An account made by this import before its balance (printed after its lines) was read. */
export async function recordNewOriginBalance(
  db: Executor,
  scope: ClientScope,
  originId: number,
  balance: { amountCents: number; date: string | null } | null,
) {
  if (!balance) return;
  await db
    .update(origins)
    .set({ balanceCents: balance.amountCents, balanceDate: balance.date })
    .where(and(eq(origins.id, originId), buildClientOwnedWhere(origins, scope)));
}

export async function insertFileOrigin(db: Executor, fileId: number, originId: number, newAccount: boolean) {
  await db.insert(statementFileOrigins).values({ fileId, originId, newAccount }).onConflictDoNothing();
}

export interface FileFilter {
  bundleId?: number;
  fileIds?: number[];
  page?: { limit: number; offset: number };
}

function buildFileWhere(scope: ClientScope, filter: FileFilter) {
  return and(
    buildClientOwnedWhere(statementFiles, scope),
    filter.bundleId ? eq(statementFiles.bundleId, filter.bundleId) : undefined,
    filter.fileIds ? inArray(statementFiles.id, filter.fileIds) : undefined,
  );
}

export async function findFiles(db: Executor, scope: ClientScope, filter: FileFilter) {
  const query = db
    .select()
    .from(statementFiles)
    .where(buildFileWhere(scope, filter))
    .orderBy(desc(statementFiles.createdAt), desc(statementFiles.id));
  return filter.page ? query.limit(filter.page.limit).offset(filter.page.offset) : query;
}

export async function countFiles(db: Executor, scope: ClientScope, filter: FileFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(statementFiles).where(buildFileWhere(scope, filter));
  return row?.total ?? 0;
}

export async function findFileOrigins(db: Executor, fileIds: number[]) {
  if (fileIds.length === 0) return [];
  return db
    .select({
      fileId: statementFileOrigins.fileId,
      newAccount: statementFileOrigins.newAccount,
      originId: origins.id,
      kind: origins.kind,
      bankCode: origins.bankCode,
      branch: origins.branch,
      accountNumber: origins.accountNumber,
      nickname: origins.nickname,
      balanceCents: origins.balanceCents,
      balanceDate: origins.balanceDate,
      dueDay: origins.dueDay,
      closingDay: origins.closingDay,
    })
    .from(statementFileOrigins)
    .innerJoin(origins, eq(origins.id, statementFileOrigins.originId))
    .where(inArray(statementFileOrigins.fileId, fileIds));
}

/**
 * The accounts and cards files created whose pendency is still open, newest file first; with
 * `fileId`, that file's only. `lock` holds the accounts until the transaction ends, so two
 * completions of one account do not both apply.
 */
export async function findPendingFileOrigins(
  db: Executor,
  scope: ClientScope,
  options: { fileId?: number; lock?: boolean } = {},
) {
  const query = db
    .select({
      fileId: statementFiles.id,
      fileName: statementFiles.name,
      originId: origins.id,
      kind: origins.kind,
      bankCode: origins.bankCode,
      branch: origins.branch,
      accountNumber: origins.accountNumber,
      nickname: origins.nickname,
      balanceCents: origins.balanceCents,
      dueDay: origins.dueDay,
      closingDay: origins.closingDay,
      newAccount: statementFileOrigins.newAccount,
    })
    .from(statementFileOrigins)
    .innerJoin(statementFiles, eq(statementFiles.id, statementFileOrigins.fileId))
    .innerJoin(origins, eq(origins.id, statementFileOrigins.originId))
    .where(
      and(
        buildClientOwnedWhere(statementFiles, scope),
        options.fileId === undefined ? undefined : eq(statementFiles.id, options.fileId),
        eq(statementFileOrigins.newAccount, true),
        isNull(origins.pendencyCompletedAt),
      ),
    )
    .orderBy(desc(statementFiles.id), asc(origins.id));
  // No key changes: imports adding lines to the account (key share) are not held up.
  return options.lock ? query.for('no key update', { of: origins }) : query;
}

export async function markPendencyCompleted(db: Executor, originId: number): Promise<void> {
  await db.update(origins).set({ pendencyCompletedAt: new Date() }).where(eq(origins.id, originId));
}

/** The files that created this account read as plainly done once none of their accounts is pending. */
export async function clearSettledReadStatus(db: Executor, scope: ClientScope, originId: number): Promise<void> {
  await db
    .update(statementFiles)
    // A partial file stays partial: completing its accounts does not make it whole.
    .set({
      readStatus: sql`case when ${statementFiles.readWarning} is null then 'Leitura concluída' else 'Leitura parcial' end`,
    })
    .where(
      and(
        buildClientOwnedWhere(statementFiles, scope),
        sql`${statementFiles.id} in (select ${statementFileOrigins.fileId} from ${statementFileOrigins}
          where ${statementFileOrigins.originId} = ${originId} and ${statementFileOrigins.newAccount})`,
        sql`not exists (select 1 from ${statementFileOrigins}
          join ${origins} on ${origins.id} = ${statementFileOrigins.originId}
          where ${statementFileOrigins.fileId} = ${statementFiles.id} and ${statementFileOrigins.newAccount}
          and ${origins.pendencyCompletedAt} is null)`,
      ),
    );
}

/**
 * The file and the lines it brought, together. A line belongs to the first file that brought it
 * (ADR 4): when the same statement was uploaded again, the lines stay, as the oldest copy's.
 */
export async function deleteFile(
  db: Database,
  scope: ClientScope,
  fileId: number,
): Promise<{ storedPath: string | null } | null> {
  const ofClient = and(buildClientOwnedWhere(statementFiles, scope));
  return db.transaction(async (transaction) => {
    const [deleted] = await transaction
      .delete(statementFiles)
      .where(and(eq(statementFiles.id, fileId), ofClient))
      .returning({ id: statementFiles.id, sha256: statementFiles.sha256, storedPath: statementFiles.storedPath });
    if (!deleted) return null;
    const linesOfFile = and(buildClientOwnedWhere(transactions, scope), eq(transactions.fileId, fileId));
    const [copy] = await transaction
      .select({ id: statementFiles.id })
      .from(statementFiles)
      .where(and(ofClient, eq(statementFiles.sha256, deleted.sha256)))
      .orderBy(asc(statementFiles.id))
      .limit(1);
    if (!copy) {
      // A payment a bank connection brought too stays, as the connection's line: the connection
      // would not bring it back (it reads only its last days again).
      await transaction
        .update(transactions)
        .set({
          fileId: null,
          createdFrom: 'open_finance',
          identityKey: sql`${transactions.pairedIdentityKey}`,
          pairedIdentityKey: null,
        })
        .where(and(linesOfFile, isNotNull(transactions.pairedIdentityKey)));
      await transaction.delete(transactions).where(linesOfFile);
      return { storedPath: deleted.storedPath };
    }
    const moved = await transaction.update(transactions).set({ fileId: copy.id }).where(linesOfFile);
    await transaction
      .update(statementFiles)
      .set({ transactionsAdded: sql`${statementFiles.transactionsAdded} + ${moved.rowCount ?? 0}` })
      .where(eq(statementFiles.id, copy.id));
    return { storedPath: deleted.storedPath };
  });
}

export async function findFileTransactions(db: Executor, scope: ClientScope, fileId: number, includeIgnored: boolean) {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.fileId, fileId),
        buildClientOwnedWhere(transactions, scope),
        includeIgnored ? undefined : eq(transactions.ignored, false),
      ),
    )
    .orderBy(transactions.date, transactions.id);
}
