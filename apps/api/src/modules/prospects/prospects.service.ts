import type { RejectedFile } from '@prumo/contract/imports';
import type {
  Prospect,
  ProspectDiagnosis,
  ProspectFile,
  ProspectLink,
  ProspectUploadAnswer,
} from '@prumo/contract/prospects';
import { findBankByCode, normalizeBankCode } from '@prumo/domain/banks/brazilian-banks';
import { normalizeMerchantName } from '@prumo/domain/categorization/merchant-name';
import { diagnoseProspect } from '@prumo/domain/prospects/prospect-diagnosis';
import type { NewProspect, ProspectChanges } from '@prumo/domain/prospects/prospect-schemas';
import {
  checkStageMove,
  listNextStages,
  type ProspectStage,
  prospectStageLabels,
} from '@prumo/domain/prospects/prospect-stages';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { StatementLinesRead } from '@prumo/statement-readers/statement-types';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotAllowed, failNotFound, failOnField } from '../../lib/domain-errors';
import { buildPage, type PageQuery } from '../../lib/pagination';
import { createSecret, hashSecret } from '../../lib/secrets';
import type { Caller } from '../../plugins/authentication';
import { type EmailLogger, sendBrandedEmail } from '../accounts/index';
import { suggestCategories } from '../categories/index';
import {
  createIdentityKeyBuilder,
  describeStatementRead,
  failAllRejected,
  type ImportedPeriod,
  presentFileRead,
  type ReceivedUpload,
  readUploadedStatement,
  widenImportedPeriod,
} from '../imports/index';
import { claimUsedInvitation, insertInvitation, revokeInvitation } from '../invitations/index';
import { findOrganizationById, type OrganizationRow } from '../organizations/index';
import { findPlanByHashedId } from '../plans/index';
import { openCategorizingTask } from '../tasks/index';
import {
  claimUploadLink,
  copyProspectStatementsToClient,
  countProspectLines,
  findDiagnosisLines,
  findInvitedProspect,
  findProspectFileAccounts,
  findProspectFiles,
  findProspects,
  findReachableProspect,
  findUsableUploadLink,
  insertProspect,
  insertProspectFile,
  insertProspectLines,
  insertUploadLink,
  type ListedProspect,
  lockProspect,
  type ProspectFilter,
  type ProspectRow,
  updateProspect,
  updateProspectFileCounts,
  upsertProspectAccount,
} from './prospects.repo';

export const prospectMessages = {
  notFound: 'Prospect não encontrado.',
  notOwner: 'Só o planejador do prospect pode alterá-lo.',
  converted: 'Este prospect já é cliente: os dados dele estão no caixa do cliente.',
  emailNeeded: 'Cadastre o e-mail do prospect para enviar o link por e-mail.',
  linkNotFound: 'Link inválido, expirado ou já usado.',
  uploadReceived: 'Recebemos seus extratos. Seu planejador vai analisá-los e entrará em contato com você.',
  prospectRequired: 'Informe o prospect (prospect).',
} as const;

/** How long links sent to a prospect last (ADR 35). */
export const uploadLinkLifetimeDays = 7;
export const prospectInvitationLifetimeDays = 30;
const dayMilliseconds = 24 * 60 * 60 * 1000;

function presentProspect(listed: ListedProspect): Prospect {
  const { prospect, planner } = listed;
  return {
    id: prospect.id,
    name: prospect.name,
    email: prospect.email,
    phone: prospect.phone,
    notes: prospect.notes,
    stage: prospect.stage,
    stage_label: prospectStageLabels[prospect.stage],
    next_stages: [...listNextStages(prospect.stage)],
    planner: { id: planner.id, first_name: planner.firstName, last_name: planner.lastName },
    files_count: listed.filesCount,
    lines_count: listed.linesCount,
    invited_at: prospect.invitedAt?.toISOString() ?? null,
    client: prospect.clientUserId,
    converted_at: prospect.convertedAt?.toISOString() ?? null,
    created_at: prospect.createdAt.toISOString(),
    updated_at: prospect.updatedAt.toISOString(),
  };
}

export async function listProspects(
  deps: AppDependencies,
  caller: Caller,
  request: FastifyRequest,
  filter: ProspectFilter,
  page: PageQuery,
) {
  const { count, rows } = await findProspects(deps.db, caller, filter, page);
  return buildPage(request, page, count, rows.map(presentProspect));
}

export async function getProspect(deps: AppDependencies, caller: Caller, id: number): Promise<Prospect> {
  const { rows } = await findProspects(deps.db, caller, { id }, { limit: 1, offset: 0 });
  const [row] = rows;
  if (!row) failNotFound(prospectMessages.notFound);
  return presentProspect(row);
}

/** A prospect the caller may change: found in their reach (else 404), theirs (else 403), not yet a client. */
async function findOwnProspect(
  db: AppDependencies['db'] | Transaction,
  caller: Caller,
  id: number,
  options: { lock?: boolean; allowConverted?: boolean } = {},
): Promise<ProspectRow> {
  const prospect = await findReachableProspect(db, caller, id, options);
  if (!prospect) failNotFound(prospectMessages.notFound);
  if (prospect.plannerUserId !== caller.userId) failNotAllowed(prospectMessages.notOwner);
  if (prospect.stage === 'convertido' && !options.allowConverted) failInvalid(prospectMessages.converted);
  return prospect;
}

export async function createProspect(deps: AppDependencies, caller: Caller, input: NewProspect): Promise<Prospect> {
  const created = await insertProspect(deps.db, {
    organizationId: caller.organizationId,
    plannerUserId: caller.userId,
    name: input.name,
    email: input.email,
    phone: input.phone,
    notes: input.notes,
  });
  return getProspect(deps, caller, created.id);
}

export async function changeProspect(
  deps: AppDependencies,
  caller: Caller,
  id: number,
  changes: ProspectChanges,
): Promise<Prospect> {
  await deps.db.transaction(async (transaction) => {
    const prospect = await findOwnProspect(transaction, caller, id, { lock: true, allowConverted: true });
    if (changes.stage !== undefined) {
      const refusal = checkStageMove(prospect.stage, changes.stage);
      if (refusal) failOnField('stage', refusal);
    }
    await updateProspect(transaction, prospect.id, {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.email !== undefined && { email: changes.email }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(changes.notes !== undefined && { notes: changes.notes }),
      ...(changes.stage !== undefined && { stage: changes.stage }),
    });
  });
  return getProspect(deps, caller, id);
}

// ——— Statements ———

type Uploader = 'planner' | 'prospect';

/** What storing statements needs of a prospect: which one, and its organization. */
type ProspectReference = Pick<ProspectRow, 'id' | 'organizationId'>;

/**
 * One statement into the prospect's bundle, all or nothing: the file, its accounts and the lines
 * new to them (the same statement twice, or two covering the same days, count each line once),
 * categorized as an import would with the organization's history and the keyword rules.
 */
async function storeProspectStatement(
  deps: AppDependencies,
  prospect: ProspectReference,
  file: ReceivedUpload['files'][number],
  statement: StatementLinesRead,
  uploadedBy: Uploader,
  onStored?: (transaction: Transaction) => Promise<void>,
): Promise<number> {
  const lines = statement.accounts.flatMap((account) =>
    account.transactions.map((line) => ({
      merchantKey: normalizeMerchantName(line.description),
      name: line.description,
      amountCents: line.amountCents,
      accountKind: account.kind,
    })),
  );
  // A prospect has no history of their own: the organization's and the rules decide (ADR 35).
  const suggestions = await suggestCategories(
    deps.db,
    { organizationId: prospect.organizationId, clientUserId: 0 },
    lines,
  );
  return deps.db.transaction(async (transaction) => {
    // Uploads and the conversion of one prospect take turns: one that waited on a conversion stores nothing.
    const stage = await lockProspect(transaction, prospect.id);
    if (stage === null) failNotFound(prospectMessages.notFound);
    if (stage === 'convertido') failInvalid(prospectMessages.converted);
    const { readStatus, readWarning } = describeStatementRead(statement, lines.length, false);
    const fileId = await insertProspectFile(transaction, {
      organizationId: prospect.organizationId,
      prospectId: prospect.id,
      name: file.name,
      format: statement.format,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      readStatus,
      readWarning,
      transactionsRead: lines.length,
      skippedRows: statement.skippedRows.slice(0, 500),
      uploadedBy,
    });
    let lineIndex = 0;
    let added = 0;
    for (const account of statement.accounts) {
      const accountId = await upsertProspectAccount(
        transaction,
        prospect.id,
        {
          kind: account.kind,
          bankCode: (account.bankCode && normalizeBankCode(account.bankCode)) ?? '',
          branch: account.branch ?? '',
          accountNumber: account.accountNumber ?? '',
        },
        account.balance,
      );
      const buildIdentityKey = createIdentityKeyBuilder();
      const rows = account.transactions.map((line) => {
        const index = lineIndex;
        lineIndex += 1;
        const suggestion = suggestions[index] ?? null;
        return {
          prospectId: prospect.id,
          accountId,
          fileId,
          date: line.date,
          amountCents: line.amountCents,
          name: line.description,
          merchantKey: lines[index]?.merchantKey ?? '',
          categoryId: suggestion?.categoryId ?? null,
          descriptionId: suggestion?.descriptionId ?? null,
          categorizedBy: suggestion?.by ?? null,
          isAssetTransfer: suggestion?.isAssetTransfer ?? false,
          identityKey: buildIdentityKey(line),
        };
      });
      added += await insertProspectLines(transaction, rows);
    }
    await updateProspectFileCounts(transaction, fileId, { transactionsAdded: added, readStatus });
    await onStored?.(transaction);
    return fileId;
  });
}

/**
 * Every file of an upload read and stored on its own; the unreadable reported. When none can be
 * read the answer is 400 and nothing is stored. `onFirstStored` runs in the first file's
 * transaction (a link is used up with the statements it brought).
 */
async function addProspectStatements(
  deps: AppDependencies,
  prospect: ProspectReference,
  upload: ReceivedUpload,
  statementReader: StatementReader,
  uploadedBy: Uploader,
  onFirstStored?: (transaction: Transaction) => Promise<void>,
): Promise<{ fileIds: number[]; rejected: RejectedFile[]; period: ImportedPeriod | null }> {
  const rejected = [...upload.rejected];
  const fileIds: number[] = [];
  let period: ImportedPeriod | null = null;
  for (const file of upload.files) {
    const read = await readUploadedStatement(statementReader, file);
    if ('rejected' in read) {
      rejected.push(read.rejected);
      continue;
    }
    const hook = fileIds.length === 0 ? onFirstStored : undefined;
    fileIds.push(await storeProspectStatement(deps, prospect, file, read.statement, uploadedBy, hook));
    period = widenImportedPeriod(period, read.statement);
  }
  if (fileIds.length === 0) failAllRejected(rejected);
  return { fileIds, rejected, period };
}

async function presentProspectFiles(deps: AppDependencies, prospectId: number, fileIds?: number[]) {
  const files = await findProspectFiles(deps.db, prospectId, fileIds);
  const accounts = await findProspectFileAccounts(
    deps.db,
    files.map((file) => file.id),
  );
  return files.map(
    (file): ProspectFile => ({
      id: file.id,
      ...presentFileRead(file),
      uploaded_by: file.uploadedBy === 'prospect' ? 'prospect' : 'planner',
      accounts: accounts
        .filter((account) => account.fileId === file.id)
        .map((account) => ({
          kind: account.kind === 'credit_card' ? 'credit_card' : 'bank_account',
          bank_code: account.bankCode || null,
          bank_name: findBankByCode(account.bankCode)?.name ?? null,
          branch: account.branch || null,
          account_number: account.accountNumber || null,
        })),
    }),
  );
}

export async function describeProspectBundle(deps: AppDependencies, caller: Caller, prospectId: number) {
  const prospect = await findReachableProspect(deps.db, caller, prospectId);
  if (!prospect) failNotFound(prospectMessages.notFound);
  const lines = await countProspectLines(deps.db, prospect.id);
  return {
    prospect: prospect.id,
    files: await presentProspectFiles(deps, prospect.id),
    lines_count: lines.total,
    period: lines.start && lines.end ? { start: lines.start, end: lines.end } : null,
  };
}

/** The prospect a planner uploads to: their own, not converted (checked before the files are received). */
export async function findProspectForUpload(deps: AppDependencies, caller: Caller, prospectId: number) {
  return findOwnProspect(deps.db, caller, prospectId);
}

export async function uploadProspectStatements(
  deps: AppDependencies,
  prospect: ProspectRow,
  upload: ReceivedUpload,
  statementReader: StatementReader,
): Promise<ProspectUploadAnswer> {
  const result = await addProspectStatements(deps, prospect, upload, statementReader, 'planner');
  return {
    files: await presentProspectFiles(deps, prospect.id, result.fileIds),
    rejected: result.rejected,
    period: result.period,
  };
}

// ——— Links ———

async function findOrganization(deps: AppDependencies, organizationId: number): Promise<OrganizationRow> {
  const found = await findOrganizationById(deps.db, organizationId);
  if (!found) throw new Error('organization vanished');
  return found.organization;
}

/** The prospect's first name, as an e-mail greets them. */
function findFirstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

async function emailProspect(
  deps: AppDependencies,
  logger: EmailLogger,
  organization: OrganizationRow,
  prospect: ProspectRow,
  content: { subject: string; lead: string; action: string; link: string; note: string },
) {
  await sendBrandedEmail(
    deps,
    logger,
    organization,
    { email: prospect.email, firstName: findFirstName(prospect.name) },
    content,
  );
}

/**
 * A single-use link for the prospect to send their statements on the organization's public page.
 * Built on PUBLIC_URL, never on the request's Host; only the token's hash is stored.
 */
export async function createUploadLink(
  deps: AppDependencies,
  logger: EmailLogger,
  caller: Caller,
  prospectId: number,
  sendEmail: boolean,
): Promise<ProspectLink> {
  const prospect = await findOwnProspect(deps.db, caller, prospectId);
  if (sendEmail && !prospect.email) failOnField('send_email', prospectMessages.emailNeeded);
  const token = createSecret(24);
  const expiresAt = new Date(Date.now() + uploadLinkLifetimeDays * dayMilliseconds);
  await insertUploadLink(deps.db, {
    organizationId: prospect.organizationId,
    prospectId: prospect.id,
    tokenHash: hashSecret(token),
    expiresAt,
  });
  const url = `${deps.config.publicUrl}/${caller.organizationSlug}/prospect-upload/${token}`;
  if (sendEmail) {
    const organization = await findOrganization(deps, prospect.organizationId);
    await emailProspect(deps, logger, organization, prospect, {
      subject: `Envie seus extratos — ${organization.name}`,
      lead: `Seu planejador em ${organization.name} preparou um diagnóstico das suas finanças. Envie os extratos do seu banco (OFX, XLS ou XLSX) pelo link abaixo.`,
      action: 'Enviar extratos',
      link: url,
      note: `O link vale por ${uploadLinkLifetimeDays} dias e pode ser usado uma vez.`,
    });
  }
  return { url, expires_at: expiresAt.toISOString(), emailed: sendEmail };
}

const uploadTokenPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** The usable link of a token in an organization, else 404 (used, expired, another organization's, malformed). */
export async function findUploadLink(deps: AppDependencies, organizationId: number, token: string) {
  if (!uploadTokenPattern.test(token)) failNotFound(prospectMessages.linkNotFound);
  const link = await findUsableUploadLink(deps.db, organizationId, hashSecret(token));
  if (!link || link.stage === 'convertido') failNotFound(prospectMessages.linkNotFound);
  return link;
}

/** The prospect's own upload: stored as the planner's would be, and the link used up with the first file. */
export async function uploadThroughLink(
  deps: AppDependencies,
  link: Awaited<ReturnType<typeof findUploadLink>>,
  organizationId: number,
  upload: ReceivedUpload,
  statementReader: StatementReader,
) {
  const prospect = { id: link.prospectId, organizationId };
  const result = await addProspectStatements(
    deps,
    prospect,
    upload,
    statementReader,
    'prospect',
    async (transaction) => {
      if (!(await claimUploadLink(transaction, link.id))) failNotFound(prospectMessages.linkNotFound);
    },
  );
  return { detail: prospectMessages.uploadReceived, files_read: result.fileIds.length, rejected: result.rejected };
}

// ——— Invitation and conversion ———

/**
 * A client invitation for the prospect, issued by their planner (the new client is theirs); with a
 * plan, the registration offers it. A new invitation revokes the previous one: one link converts.
 */
export async function inviteProspect(
  deps: AppDependencies,
  logger: EmailLogger,
  caller: Caller,
  prospectId: number,
  options: { sendEmail: boolean; plan?: string },
): Promise<ProspectLink> {
  const prospect = await findOwnProspect(deps.db, caller, prospectId);
  if (options.sendEmail && !prospect.email) failOnField('send_email', prospectMessages.emailNeeded);
  const plan = options.plan ? await findPlanByHashedId(deps, caller, options.plan) : null;
  const expiresAt = new Date(Date.now() + prospectInvitationLifetimeDays * dayMilliseconds);
  const invitation = await deps.db.transaction(async (transaction) => {
    const held = await findOwnProspect(transaction, caller, prospectId, { lock: true });
    if (held.invitationId !== null) await revokeInvitation(deps.db, caller, held.invitationId);
    const created = await insertInvitation(transaction, {
      organizationId: caller.organizationId,
      role: 'client',
      issuedByUserId: caller.userId,
      plannerUserId: caller.userId,
      expiresAt,
    });
    await updateProspect(transaction, held.id, { invitationId: created.id, invitedAt: new Date() });
    return created;
  });
  const url = `${deps.config.publicUrl}/${caller.organizationSlug}/cadastro/cliente/${invitation.token}${plan ? `/${plan.hashed_id}` : ''}`;
  if (options.sendEmail) {
    const organization = await findOrganization(deps, prospect.organizationId);
    await emailProspect(deps, logger, organization, prospect, {
      subject: `Seu convite — ${organization.name}`,
      lead: `Seu planejador convidou você para ser cliente de ${organization.name}. Os extratos que você já enviou estarão no seu caixa assim que você se cadastrar.`,
      action: 'Criar minha conta',
      link: url,
      note: `O convite vale por ${prospectInvitationLifetimeDays} dias e cadastra uma pessoa.`,
    });
  }
  return { url, expires_at: expiresAt.toISOString(), emailed: options.sendEmail };
}

/**
 * In the registration's transaction: when the invitation was a prospect's, the invitation is used
 * up, the prospect's lines become the new client's cash flow and the prospect is marked convertido.
 * Nothing happens for any other invitation.
 */
export async function convertInvitedProspect(
  transaction: Transaction,
  invitationId: number,
  user: { id: number; organizationId: number },
): Promise<void> {
  const prospect = await findInvitedProspect(transaction, invitationId, user.organizationId);
  if (!prospect) return;
  await claimUsedInvitation(transaction, invitationId, user.id);
  const copied = await copyProspectStatementsToClient(transaction, prospect, user.id);
  if (copied.uncategorized > 0) {
    await openCategorizingTask(transaction, {
      caller: {
        userId: prospect.plannerUserId,
        organizationId: prospect.organizationId,
        organizationSlug: '',
        role: 'planner',
        features: [],
        tokenExpiresAt: new Date(),
      },
      organizationId: prospect.organizationId,
      clientUserId: user.id,
    });
  }
  await updateProspect(transaction, prospect.id, {
    stage: 'convertido' satisfies ProspectStage,
    clientUserId: user.id,
    convertedAt: new Date(),
  });
}

// ——— Diagnosis ———

export async function diagnoseReachableProspect(deps: AppDependencies, caller: Caller, prospectId: number) {
  const prospect = await findReachableProspect(deps.db, caller, prospectId);
  if (!prospect) failNotFound(prospectMessages.notFound);
  const lines = await findDiagnosisLines(deps.db, prospect.id);
  return { prospect, diagnosis: diagnoseProspect(lines) };
}

export function presentDiagnosis(
  prospectId: number,
  diagnosis: ReturnType<typeof diagnoseProspect>,
): ProspectDiagnosis {
  return {
    prospect: prospectId,
    period: diagnosis.period,
    days_covered: diagnosis.daysCovered,
    months_covered: diagnosis.monthsCovered,
    months: diagnosis.months.map((month) => ({
      month: month.month,
      income: month.incomeCents,
      expense: month.expenseCents,
      balance: month.balanceCents,
    })),
    total_income: diagnosis.totalIncomeCents,
    total_expense: diagnosis.totalExpenseCents,
    monthly_income: diagnosis.monthlyIncomeCents,
    monthly_expense: diagnosis.monthlyExpenseCents,
    expense_by_category: diagnosis.expenseByCategory.map((entry) => ({
      category: entry.category,
      amount: entry.amountCents,
      share_percent: entry.sharePercent,
    })),
    fixed_costs: diagnosis.fixedCosts.map((cost) => ({
      title: cost.title,
      monthly_amount: cost.monthlyCents,
      source: cost.source,
    })),
    monthly_fixed_costs: diagnosis.monthlyFixedCostsCents,
    largest_recurring_charges: diagnosis.largestRecurringCharges.map((charge) => ({
      title: charge.title,
      amount: charge.amountCents,
      due_day: charge.dueDay,
      months_found: charge.monthsFound,
    })),
    monthly_savings: diagnosis.monthlySavingsCents,
    savings_rate_percent: diagnosis.savingsRatePercent,
    lines_counted: diagnosis.linesCounted,
  };
}
