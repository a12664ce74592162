import { z } from 'zod';
import { buildPageSchema } from './common';
import { OriginKindSchema } from './origins';

/**
 * The cash flow's answers: a client's lines (transactions), their summary by category and
 * the charts. Money is integer cents, negative for money going out; dates are "YYYY-MM-DD".
 */

/** Who categorized a line: a person, or Prumo from the client's history, the organization's or a rule. */
export const CategorizedBySchema = z.enum(['person', 'client_history', 'organization_history', 'rule']);
export type CategorizedBy = z.infer<typeof CategorizedBySchema>;

/** A cash-flow line. */
export const CashFlowLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.number().int().nullable(),
  category_name: z.string().nullable(),
  description: z.number().int().nullable(),
  description_name: z.string().nullable(),
  flow_type: z.enum(['expense', 'income']),
  is_expense: z.boolean(),
  is_fixed: z.boolean(),
  ignored: z.boolean(),
  amount: z.number().int(),
  date: z.string(),
  /** The day the money moved (a card's purchase counts on its bill's due date): the period filters by it. */
  cash_date: z.string(),
  created_from: z.enum(['import', 'open_finance', 'manual']),
  client: z.number().int(),
  is_asset_transfer: z.boolean(),
  /** The line's account (origin) id. */
  origins: z.number().int(),
  origin_kind: OriginKindSchema,
  /** How Prumo names the account (its nickname, else bank and number). */
  origin_name: z.string(),
  categorized_by: CategorizedBySchema.nullable(),
});
export type CashFlowLine = z.infer<typeof CashFlowLineSchema>;

export const CashFlowLineListSchema = z.array(CashFlowLineSchema);

export const CashFlowPageSchema = buildPageSchema(CashFlowLineSchema);
export type CashFlowPage = z.infer<typeof CashFlowPageSchema>;

/**
 * cash-flow/transfer-asset/: the lines between the client's own assets, with the money of the whole
 * filter (ignored lines left out): `total_out` put into assets (negative), `total_in` taken out, `total` the net.
 */
export const AssetTransferPageSchema = CashFlowPageSchema.extend({
  total_out: z.number().int(),
  total_in: z.number().int(),
  total: z.number().int(),
});
export type AssetTransferPage = z.infer<typeof AssetTransferPageSchema>;

/** PUT cash-flows/: how many lines were categorized (those named; similar ones that followed are not counted). */
export const CategorizedLinesSchema = z.object({ updated: z.number().int() });
export type CategorizedLines = z.infer<typeof CategorizedLinesSchema>;

/** DELETE cash-flows/: how many lines went, and the message to show. */
export const DeletedLinesSchema = z.object({ deleted: z.number().int(), detail: z.string() });
export type DeletedLines = z.infer<typeof DeletedLinesSchema>;

export const SummaryDescriptionSchema = z.object({
  descriptionId: z.number().int().nullable(),
  descriptionName: z.string(),
  descriptionTotal: z.number().int(),
  descriptionAmountActual: z.number().int(),
  /** What the month's budget plans for it; null unless the period is one whole month with a plan. */
  descriptionAmountPlanned: z.number().int().nullable(),
});
export type SummaryDescription = z.infer<typeof SummaryDescriptionSchema>;

export const SummaryGroupSchema = z.object({
  categoryId: z.number().int().nullable(),
  categoryName: z.string(),
  categoryTotal: z.number().int(),
  descriptions: z.array(SummaryDescriptionSchema),
});
export type SummaryGroup = z.infer<typeof SummaryGroupSchema>;

/** cash-flow/summary/: the period's actual amounts by group, category and description. */
export const CashFlowSummarySchema = z.object({
  start: z.string(),
  end: z.string(),
  expense: z.array(SummaryGroupSchema),
  income: z.array(SummaryGroupSchema),
  asset_transfer: z.array(SummaryGroupSchema),
  /** Money between the client's own accounts: listed apart, outside every total. */
  own_transfer: z.array(SummaryGroupSchema),
  total_income: z.number().int(),
  /** Signed: money out is negative. */
  total_expense: z.number().int(),
  /** The month rule's result: income less expense. */
  total_savings: z.number().int(),
});
export type CashFlowSummary = z.infer<typeof CashFlowSummarySchema>;

/** One item of chart-data/category/, description/ (largest amount first) and types/ (income, expense). */
export const ChartItemSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  amount: z.number().int(),
});
export type ChartItem = z.infer<typeof ChartItemSchema>;

/** One day of chart-data/cash-flow/ (only days with lines); expense is negative. */
export const DailyCashFlowSchema = z.object({
  date: z.string(),
  income: z.number().int(),
  expense: z.number().int(),
});
export type DailyCashFlow = z.infer<typeof DailyCashFlowSchema>;

/** One day of chart-data/cash-flow-value/: the period's running result up to that day. */
export const RunningResultSchema = z.object({ date: z.string(), amount: z.number().int() });
export type RunningResult = z.infer<typeof RunningResultSchema>;

/** chart-data/{name}/: each chart's list (which one depends on the name). */
export const ChartSchema = z.union([
  z.array(ChartItemSchema),
  z.array(DailyCashFlowSchema),
  z.array(RunningResultSchema),
]);
export type Chart = z.infer<typeof ChartSchema>;

/**
 * cash-flow/export-xls/: the filtered lines as an .xlsx workbook, sent as bytes (never serialized);
 * OpenAPI shows it as a binary string.
 */
export const CashFlowWorkbookSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'Planilha .xlsx' });
