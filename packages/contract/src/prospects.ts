import { z } from 'zod';
import { buildPageSchema } from './common';
import { RejectedFileSchema, SkippedRowSchema, StatementAccountKindSchema } from './imports';

/** Prospects, their statements, upload links, invitation and diagnosis (ADR 35). Money in integer cents. */

export const ProspectStageValueSchema = z.enum(['novo', 'diagnostico', 'proposta', 'convertido', 'perdido']);

export const ProspectSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  notes: z.string(),
  stage: ProspectStageValueSchema,
  stage_label: z.string(),
  /** The stages the planner may move it to by hand (ADR 35). */
  next_stages: z.array(ProspectStageValueSchema),
  planner: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  files_count: z.number().int(),
  lines_count: z.number().int(),
  invited_at: z.string().nullable(),
  /** The client the prospect became; null before conversion. */
  client: z.number().int().nullable(),
  converted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Prospect = z.infer<typeof ProspectSchema>;

export const ProspectPageSchema = buildPageSchema(ProspectSchema);
export type ProspectPage = z.infer<typeof ProspectPageSchema>;

export const ProspectAccountSchema = z.object({
  kind: StatementAccountKindSchema,
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  branch: z.string().nullable(),
  account_number: z.string().nullable(),
});

export const ProspectFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  format: z.string(),
  read_status: z.string(),
  read_warning: z.string().nullable(),
  created_at: z.string(),
  transactions_read: z.number().int(),
  transactions_added: z.number().int(),
  duplicates_ignored: z.number().int(),
  skipped_rows: z.array(SkippedRowSchema),
  /** 'planner', or 'prospect' when sent through an upload link. */
  uploaded_by: z.enum(['planner', 'prospect']),
  accounts: z.array(ProspectAccountSchema),
});
export type ProspectFile = z.infer<typeof ProspectFileSchema>;

const PeriodSchema = z.object({ start: z.string(), end: z.string() }).nullable();

/** GET prospect-bundle/?prospect={id}: the prospect's statements. */
export const ProspectBundleSchema = z.object({
  prospect: z.number().int(),
  files: z.array(ProspectFileSchema),
  lines_count: z.number().int(),
  period: PeriodSchema,
});
export type ProspectBundle = z.infer<typeof ProspectBundleSchema>;

/** An upload into a prospect's bundle: the files read, those refused, the lines' period. */
export const ProspectUploadAnswerSchema = z.object({
  files: z.array(ProspectFileSchema),
  rejected: z.array(RejectedFileSchema),
  period: PeriodSchema,
});
export type ProspectUploadAnswer = z.infer<typeof ProspectUploadAnswerSchema>;

/** A link made for the prospect (upload or invitation), and whether it was e-mailed. */
export const ProspectLinkSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  emailed: z.boolean(),
});
export type ProspectLink = z.infer<typeof ProspectLinkSchema>;

/** The public upload page's greeting: whose organization and planner the link belongs to. */
export const ProspectUploadPageSchema = z.object({
  organization: z.string(),
  prospect_name: z.string(),
  planner_name: z.string(),
  expires_at: z.string(),
});
export type ProspectUploadPage = z.infer<typeof ProspectUploadPageSchema>;

export const ProspectPublicUploadAnswerSchema = z.object({
  detail: z.string(),
  files_read: z.number().int(),
  rejected: z.array(RejectedFileSchema),
});
export type ProspectPublicUploadAnswer = z.infer<typeof ProspectPublicUploadAnswerSchema>;

export const ProspectDiagnosisSchema = z.object({
  prospect: z.number().int(),
  period: PeriodSchema,
  days_covered: z.number().int(),
  months_covered: z.number(),
  months: z.array(
    z.object({ month: z.string(), income: z.number().int(), expense: z.number().int(), balance: z.number().int() }),
  ),
  total_income: z.number().int(),
  total_expense: z.number().int(),
  monthly_income: z.number().int(),
  monthly_expense: z.number().int(),
  expense_by_category: z.array(z.object({ category: z.string(), amount: z.number().int(), share_percent: z.number() })),
  fixed_costs: z.array(
    z.object({ title: z.string(), monthly_amount: z.number().int(), source: z.enum(['recorrente', 'categoria']) }),
  ),
  monthly_fixed_costs: z.number().int(),
  largest_recurring_charges: z.array(
    z.object({
      title: z.string(),
      amount: z.number().int(),
      due_day: z.number().int(),
      months_found: z.number().int(),
    }),
  ),
  monthly_savings: z.number().int(),
  savings_rate_percent: z.number().nullable(),
  lines_counted: z.number().int(),
});
export type ProspectDiagnosis = z.infer<typeof ProspectDiagnosisSchema>;

/** The diagnosis as a PDF: bytes, shown in the OpenAPI document as a binary string. Never serialized. */
export const ProspectDiagnosisPdfSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary' });
