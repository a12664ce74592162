import { z } from 'zod';
import { buildPageSchema } from './common';

/** Statement files and what they brought. Money is integer cents; days "YYYY-MM-DD"; times ISO. */

/** What a statement brings: bank accounts and cards (a manual account is never a file's). */
export const StatementAccountKindSchema = z.enum(['bank_account', 'credit_card']);
export type StatementAccountKind = z.infer<typeof StatementAccountKindSchema>;

/** An account or card a file brought; `new_account` when the file created it. */
export const FileAccountSchema = z.object({
  origin: z.number().int(),
  kind: StatementAccountKindSchema,
  name: z.string(),
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  branch: z.string().nullable(),
  account_number: z.string().nullable(),
  new_account: z.boolean(),
});
export type FileAccount = z.infer<typeof FileAccountSchema>;

/** A row of a statement that was not imported: why, what it says, its day and amount when readable. */
export const SkippedRowSchema = z.object({
  reason: z.string(),
  text: z.string(),
  date: z.string().nullable(),
  amount: z.number().int().nullable(),
});
export type SkippedRow = z.infer<typeof SkippedRowSchema>;

/** An imported statement file. */
export const StatementFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.string(),
  read_status: z.string(),
  /** Why the file looks incomplete (cut short, balances that disagree), in pt-BR; null when it is whole. */
  read_warning: z.string().nullable(),
  bundle: z.number().int(),
  created_at: z.string(),
  transactions_read: z.number().int(),
  transactions_added: z.number().int(),
  duplicates_ignored: z.number().int(),
  skipped_rows: z.array(SkippedRowSchema),
  /** Where the statement as sent is downloaded (`GET file/{id}/download/`); null for files kept before that. */
  file: z.string().nullable(),
  manual_cash: z.boolean(),
  accounts: z.array(FileAccountSchema),
});
export type StatementFile = z.infer<typeof StatementFileSchema>;

export const StatementFilePageSchema = buildPageSchema(StatementFileSchema);
export type StatementFilePage = z.infer<typeof StatementFilePageSchema>;

/** A file of an upload that could not be imported, and why (pt-BR). */
export const RejectedFileSchema = z.object({ name: z.string(), detail: z.string() });
export type RejectedFile = z.infer<typeof RejectedFileSchema>;

/** 201 of upload/ and import-bundle/{id}/add/. */
export const UploadAnswerSchema = z.object({
  bundle: z.object({ id: z.number().int(), created_at: z.string() }),
  files: z.array(StatementFileSchema),
  rejected: z.array(RejectedFileSchema),
  /** The first and last day of the lines the files hold; null when they hold none. */
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
});
export type UploadAnswer = z.infer<typeof UploadAnswerSchema>;

/** The files sent together in one upload. */
export const ImportBundleSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  files: z.array(StatementFileSchema),
});
export type ImportBundle = z.infer<typeof ImportBundleSchema>;

/** A line a file brought. */
export const FileTransactionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  cash_date: z.string(),
  name: z.string(),
  amount: z.number().int(),
  category: z.number().int().nullable(),
  description: z.number().int().nullable(),
  ignored: z.boolean(),
  origin: z.number().int(),
});
export type FileTransaction = z.infer<typeof FileTransactionSchema>;

export const StatementFileDetailSchema = StatementFileSchema.extend({ transactions: z.array(FileTransactionSchema) });
export type StatementFileDetail = z.infer<typeof StatementFileDetailSchema>;

/** An account or card a file created that still needs data (a pendency). */
export const PendencySchema = z.object({
  filename: z.string(),
  fileId: z.number().int(),
  /** The account or card, one pendency each: what PATCH pendency/complete-file/{fileId}/ names. */
  originId: z.number().int(),
  /** How Prumo names the account (its nickname, else bank and number). */
  name: z.string(),
  kind: StatementAccountKindSchema,
  balance: z.number().int().nullable(),
  dueDate: z.number().int().nullable(),
  closeDay: z.number().int().nullable(),
  newAccount: z.boolean(),
});
export type Pendency = z.infer<typeof PendencySchema>;

/**
 * A statement as it was sent (.ofx, .xls, .xlsx): its bytes, not JSON, which the OpenAPI document
 * shows as a binary string. Never serialized: the route sends the bytes as they are.
 */
export const StatementDownloadSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });
