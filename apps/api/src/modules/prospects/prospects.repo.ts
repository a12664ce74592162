import type { ProspectStage } from '@prumo/domain/prospects/prospect-stages';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import {
  categories,
  descriptions,
  prospectAccounts,
  prospectFiles,
  prospectLines,
  prospects,
  prospectUploadLinks,
  users,
} from '../../db/schema';
import { buildReachableProspectsWhere } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';

type Executor = Database | Transaction;
export type ProspectRow = typeof prospects.$inferSelect;

export interface ProspectFilter {
  stage?: ProspectStage;
  id?: number;
}

const lineCounts = sql<number>`(select count(*)::int from ${prospectLines} where ${prospectLines.prospectId} = ${prospects.id})`;
const fileCounts = sql<number>`(select count(*)::int from ${prospectFiles} where ${prospectFiles.prospectId} = ${prospects.id})`;

export async function findProspects(
  db: Executor,
  caller: Caller,
  filter: ProspectFilter,
  page: { limit: number; offset: number },
) {
  const where = and(
    buildReachableProspectsWhere(caller),
    filter.stage ? eq(prospects.stage, filter.stage) : undefined,
    filter.id === undefined ? undefined : eq(prospects.id, filter.id),
  );
  const [total] = await db.select({ total: count() }).from(prospects).where(where);
  const rows = await db
    .select({
      prospect: prospects,
      planner: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      linesCount: lineCounts,
      filesCount: fileCounts,
    })
    .from(prospects)
    .innerJoin(users, eq(users.id, prospects.plannerUserId))
    .where(where)
    .orderBy(desc(prospects.updatedAt), desc(prospects.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total?.total ?? 0, rows };
}

/** How many prospects the caller reaches are at each stage (stages without any are left out). */
export async function countProspectsByStage(db: Executor, caller: Caller) {
  return db
    .select({ stage: prospects.stage, total: count() })
    .from(prospects)
    .where(buildReachableProspectsWhere(caller))
    .groupBy(prospects.stage);
}

export type ListedProspect = Awaited<ReturnType<typeof findProspects>>['rows'][number];

/** A reachable prospect, held until the transaction ends when `lock` (uploads and conversion take turns). */
export async function findReachableProspect(
  db: Executor,
  caller: Caller,
  id: number,
  options: { lock?: boolean } = {},
) {
  const query = db
    .select()
    .from(prospects)
    .where(and(eq(prospects.id, id), buildReachableProspectsWhere(caller)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Holds the prospect until the transaction ends (its uploads and its conversion take turns); answers its stage then. */
export async function lockProspect(transaction: Transaction, id: number): Promise<ProspectStage | null> {
  const [row] = await transaction
    .select({ stage: prospects.stage })
    .from(prospects)
    .where(eq(prospects.id, id))
    .for('update');
  return row?.stage ?? null;
}

export async function insertProspect(db: Executor, values: typeof prospects.$inferInsert): Promise<ProspectRow> {
  const [row] = await db.insert(prospects).values(values).returning();
  if (!row) throw new Error('prospect not created');
  return row;
}

export async function updateProspect(
  db: Executor,
  id: number,
  changes: Partial<typeof prospects.$inferInsert>,
): Promise<void> {
  await db
    .update(prospects)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(prospects.id, id));
}

// ——— Statements ———

export interface ProspectAccountIdentity {
  kind: 'bank_account' | 'credit_card';
  bankCode: string;
  branch: string;
  accountNumber: string;
}

/** The prospect's account of this identity, made when new; a newer statement brings a newer balance. */
export async function upsertProspectAccount(
  transaction: Transaction,
  prospectId: number,
  identity: ProspectAccountIdentity,
  balance: { amountCents: number; date: string | null } | null,
): Promise<number> {
  const [inserted] = await transaction
    .insert(prospectAccounts)
    .values({ prospectId, ...identity, balanceCents: balance?.amountCents ?? null, balanceDate: balance?.date ?? null })
    .onConflictDoNothing()
    .returning({ id: prospectAccounts.id });
  if (inserted) return inserted.id;
  const [existing] = await transaction
    .select({ id: prospectAccounts.id, balanceDate: prospectAccounts.balanceDate })
    .from(prospectAccounts)
    .where(
      and(
        eq(prospectAccounts.prospectId, prospectId),
        eq(prospectAccounts.kind, identity.kind),
        eq(prospectAccounts.bankCode, identity.bankCode),
        eq(prospectAccounts.branch, identity.branch),
        eq(prospectAccounts.accountNumber, identity.accountNumber),
      ),
    );
  if (!existing) throw new Error('prospect account vanished');
  if (balance?.date && (!existing.balanceDate || balance.date >= existing.balanceDate)) {
    await transaction
      .update(prospectAccounts)
      .set({ balanceCents: balance.amountCents, balanceDate: balance.date })
      .where(eq(prospectAccounts.id, existing.id));
  }
  return existing.id;
}

export async function insertProspectFile(transaction: Transaction, values: typeof prospectFiles.$inferInsert) {
  const [row] = await transaction.insert(prospectFiles).values(values).returning({ id: prospectFiles.id });
  if (!row) throw new Error('prospect file not created');
  return row.id;
}

export async function updateProspectFileCounts(
  transaction: Transaction,
  fileId: number,
  values: { transactionsAdded: number; readStatus: string },
): Promise<void> {
  await transaction.update(prospectFiles).set(values).where(eq(prospectFiles.id, fileId));
}

const lineRowsPerInsert = 1_000;

/**
 * The lines new to their account, in batches; a line whose identity the account already has (the
 * same statement again, or another covering the same days) is left out. Answers how many were new.
 */
export async function insertProspectLines(
  transaction: Transaction,
  rows: readonly (typeof prospectLines.$inferInsert)[],
): Promise<number> {
  let added = 0;
  for (let start = 0; start < rows.length; start += lineRowsPerInsert) {
    const inserted = await transaction
      .insert(prospectLines)
      .values(rows.slice(start, start + lineRowsPerInsert))
      .onConflictDoNothing()
      .returning({ id: prospectLines.id });
    added += inserted.length;
  }
  return added;
}

export async function findProspectFiles(db: Executor, prospectId: number, fileIds?: number[]) {
  return db
    .select()
    .from(prospectFiles)
    .where(and(eq(prospectFiles.prospectId, prospectId), fileIds ? inArray(prospectFiles.id, fileIds) : undefined))
    .orderBy(desc(prospectFiles.createdAt), desc(prospectFiles.id));
}

/** The accounts each file's lines went to. */
export async function findProspectFileAccounts(db: Executor, fileIds: number[]) {
  if (fileIds.length === 0) return [];
  return db
    .selectDistinct({
      fileId: prospectLines.fileId,
      kind: prospectAccounts.kind,
      bankCode: prospectAccounts.bankCode,
      branch: prospectAccounts.branch,
      accountNumber: prospectAccounts.accountNumber,
    })
    .from(prospectLines)
    .innerJoin(prospectAccounts, eq(prospectAccounts.id, prospectLines.accountId))
    .where(inArray(prospectLines.fileId, fileIds));
}

export async function countProspectLines(db: Executor, prospectId: number) {
  const [row] = await db
    .select({
      total: count(),
      start: sql<string | null>`min(${prospectLines.date})::text`,
      end: sql<string | null>`max(${prospectLines.date})::text`,
    })
    .from(prospectLines)
    .where(eq(prospectLines.prospectId, prospectId));
  return { total: row?.total ?? 0, start: row?.start ?? null, end: row?.end ?? null };
}

/** The prospect's lines as the diagnosis reads them, with their category and description names. */
export async function findDiagnosisLines(db: Executor, prospectId: number) {
  return db
    .select({
      date: sql<string>`${prospectLines.date}::text`,
      amountCents: prospectLines.amountCents,
      name: prospectLines.name,
      merchantKey: prospectLines.merchantKey,
      categoryName: categories.name,
      descriptionName: descriptions.name,
      isAssetTransfer: prospectLines.isAssetTransfer,
    })
    .from(prospectLines)
    .leftJoin(categories, eq(categories.id, prospectLines.categoryId))
    .leftJoin(descriptions, eq(descriptions.id, prospectLines.descriptionId))
    .where(eq(prospectLines.prospectId, prospectId))
    .orderBy(asc(prospectLines.date), asc(prospectLines.id));
}

// ——— Upload links ———

export async function insertUploadLink(db: Executor, values: typeof prospectUploadLinks.$inferInsert): Promise<void> {
  await db.insert(prospectUploadLinks).values(values);
}

/** The usable link of this token hash in this organization (unused, unexpired), with its prospect and planner. */
export async function findUsableUploadLink(db: Executor, organizationId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: prospectUploadLinks.id,
      expiresAt: prospectUploadLinks.expiresAt,
      prospectId: prospects.id,
      prospectName: prospects.name,
      stage: prospects.stage,
      plannerFirstName: users.firstName,
      plannerLastName: users.lastName,
    })
    .from(prospectUploadLinks)
    .innerJoin(prospects, eq(prospects.id, prospectUploadLinks.prospectId))
    .innerJoin(users, eq(users.id, prospects.plannerUserId))
    .where(
      and(
        eq(prospectUploadLinks.organizationId, organizationId),
        eq(prospectUploadLinks.tokenHash, tokenHash),
        isNull(prospectUploadLinks.usedAt),
        gt(prospectUploadLinks.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** Marks the link used in the upload's transaction; false when another upload used it first. */
export async function claimUploadLink(transaction: Transaction, id: number): Promise<boolean> {
  const claimed = await transaction
    .update(prospectUploadLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(prospectUploadLinks.id, id),
        isNull(prospectUploadLinks.usedAt),
        gt(prospectUploadLinks.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: prospectUploadLinks.id });
  return claimed.length === 1;
}

// ——— Conversion ———

/** The unconverted prospect a client invitation was sent to, held until the registration's transaction ends. */
export async function findInvitedProspect(transaction: Transaction, invitationId: number, organizationId: number) {
  const [row] = await transaction
    .select()
    .from(prospects)
    .where(and(eq(prospects.invitationId, invitationId), eq(prospects.organizationId, organizationId)))
    .for('update');
  return row ?? null;
}

/**
 * The prospect's statements become the client's own, in the registration's transaction: a bundle,
 * the accounts (each listed as new by the first file that brought it, so its pendency shows), the
 * files and every line with its identity and category. Copied in SQL: nothing is read again.
 * Answers the bundle and how many lines were left uncategorized.
 */
export async function copyProspectStatementsToClient(
  transaction: Transaction,
  prospect: ProspectRow,
  clientUserId: number,
): Promise<{ bundleId: number | null; linesCopied: number; uncategorized: number }> {
  const files = await transaction
    .select({ id: prospectFiles.id })
    .from(prospectFiles)
    .where(eq(prospectFiles.prospectId, prospect.id))
    .orderBy(asc(prospectFiles.id));
  if (files.length === 0) return { bundleId: null, linesCopied: 0, uncategorized: 0 };
  const organizationId = prospect.organizationId;
  const bundle = await transaction.execute<{ id: number }>(sql`
    insert into import_bundles (organization_id, client_user_id, created_by_user_id)
    values (${organizationId}, ${clientUserId}, ${prospect.plannerUserId}) returning id`);
  const bundleId = bundle.rows[0]?.id as number;
  await transaction.execute(sql`
    insert into origins (organization_id, client_user_id, kind, bank_code, branch, account_number, balance_cents, balance_date)
    select ${organizationId}::int, ${clientUserId}::int, kind, bank_code, branch, account_number, balance_cents, balance_date
    from prospect_accounts where prospect_id = ${prospect.id}
    on conflict do nothing`);
  let linesCopied = 0;
  // Accounts a file listed before: a later file that brings the same account does not list it as new.
  for (const file of files) {
    const inserted = await transaction.execute<{ id: number }>(sql`
      insert into statement_files (organization_id, client_user_id, bundle_id, name, format, size_bytes, sha256,
        stored_path, read_status, read_warning, transactions_read, transactions_added, skipped_rows, created_at)
      select ${organizationId}::int, ${clientUserId}::int, ${bundleId}::int, name, format, size_bytes, sha256,
        null, read_status, read_warning, transactions_read, transactions_added, skipped_rows, created_at
      from prospect_files where id = ${file.id} returning id`);
    const statementFileId = inserted.rows[0]?.id as number;
    await transaction.execute(sql`
      insert into statement_file_origins (file_id, origin_id, new_account)
      select distinct ${statementFileId}::int, o.id,
        not exists (select 1 from statement_file_origins earlier where earlier.origin_id = o.id)
      from prospect_lines l
      join prospect_accounts a on a.id = l.account_id
      join origins o on o.client_user_id = ${clientUserId} and o.kind = a.kind and o.bank_code = a.bank_code
        and o.branch = a.branch and o.account_number = a.account_number
      where l.file_id = ${file.id}`);
    // A plain INSERT … SELECT: the statement triggers of transactions check the accounts and bump the version.
    const copied = await transaction.execute(sql`
      insert into transactions (organization_id, client_user_id, file_id, created_from, origin_id, date, cash_date,
        amount_cents, name, merchant_key, category_id, description_id, categorized_by, categorized_at,
        is_asset_transfer, identity_key)
      select ${organizationId}::int, ${clientUserId}::int, ${statementFileId}::int, 'import', o.id, l.date, l.date,
        l.amount_cents, l.name, l.merchant_key, l.category_id, l.description_id, l.categorized_by,
        case when l.categorized_by is null then null else now() end, l.is_asset_transfer, l.identity_key
      from prospect_lines l
      join prospect_accounts a on a.id = l.account_id
      join origins o on o.client_user_id = ${clientUserId} and o.kind = a.kind and o.bank_code = a.bank_code
        and o.branch = a.branch and o.account_number = a.account_number
      where l.file_id = ${file.id}`);
    linesCopied += copied.rowCount ?? 0;
  }
  const [left] = await transaction
    .select({ total: count() })
    .from(prospectLines)
    .where(and(eq(prospectLines.prospectId, prospect.id), isNull(prospectLines.categoryId)));
  return { bundleId, linesCopied, uncategorized: left?.total ?? 0 };
}
