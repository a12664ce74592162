import { clientAccessActions } from '@prumo/domain/clients/access-log';
import { clientStatuses } from '@prumo/domain/clients/client-status';
import { z } from 'zod';
import { buildPageSchema } from './common';

export const ClientStatusSchema = z.enum(clientStatuses);

/**
 * What needs a planner's attention about one client (ADR 33). Month figures are the current month's
 * (Brazil), by the month rule: the same expense and planned expense as the client's Fluxo futuro.
 */
export const ClientAttentionSchema = z.object({
  /** Whole days since the latest import; null before the first. */
  days_since_import: z.number().int().nullable(),
  /** Lines of the client's cash flow without a category (ignored lines and accounts aside). */
  uncategorized_lines: z.number().int(),
  /** Tasks sent to the client and still pending. */
  open_tasks: z.number().int(),
  /** Days since the oldest open task was sent; null without one. */
  oldest_open_task_days: z.number().int().nullable(),
  /** Open tasks whose end has passed: always 0 for a client who is not `ativo` (their tasks stop). */
  overdue_tasks: z.number().int(),
  /** This month's expense so far, in cents. */
  month_expense: z.number().int(),
  /** This month's planned expense, in cents; null when no plan is in effect. */
  month_planned_expense: z.number().int().nullable(),
  /** Spending as a share of the plan, in whole percent; null without a planned expense. */
  budget_use: z.number().int().nullable(),
  over_budget: z.boolean(),
  /** The planning the planner finished and the client has not accepted yet, if any. */
  planning_awaiting: z.object({ task_id: z.number().int(), start: z.string().nullable() }).nullable(),
});
export type ClientAttention = z.infer<typeof ClientAttentionSchema>;

export const ClientStatusAnswerSchema = z.object({
  detail: z.string(),
  client: z.number().int(),
  status: ClientStatusSchema,
});
export type ClientStatusAnswer = z.infer<typeof ClientStatusAnswerSchema>;

/** One opening of a client's data by an adviser (ADR 34). */
export const AccessLogEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  viewer: z.object({ id: z.number().int().nullable(), name: z.string(), role: z.enum(['planner', 'manager']) }),
  action: z.enum(clientAccessActions),
  /** The action in words, pt-BR. */
  action_label: z.string(),
  /** What was opened: a file's name, an export's period; null for the client's view. */
  subject: z.string().nullable(),
});
export type AccessLogEntry = z.infer<typeof AccessLogEntrySchema>;

export const AccessLogPageSchema = buildPageSchema(AccessLogEntrySchema);
export type AccessLogPage = z.infer<typeof AccessLogPageSchema>;
