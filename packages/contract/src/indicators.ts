import { prospectStages } from '@prumo/domain/prospects/prospect-stages';
import { z } from 'zod';

const count = z.number().int();
/** A percentage to one decimal (33.3); null when there is nothing to divide. */
const share = z.number().nullable();

/** Prospects by their stage now, counted among those created in the period. */
export const ProspectsByStageSchema = z.object(
  Object.fromEntries(prospectStages.map((stage) => [stage, count])) as Record<
    (typeof prospectStages)[number],
    typeof count
  >,
);

/** What the organization's subscriptions bring (ADRs 30–31); null where no subscription exists. */
export const SubscriptionIndicatorsSchema = z.object({
  /** Cents a month: each card subscription in effect on the reference day, its period in progress. */
  monthly_recurring_revenue: count,
  /** Card subscriptions in effect on the reference day. */
  paying_subscriptions: count,
  /** Charges that failed in the period (first payments, renewals, reactivations). */
  failed_charges: count,
  /** Their amount in cents. */
  failed_charges_amount: count,
});
export type SubscriptionIndicators = z.infer<typeof SubscriptionIndicatorsSchema>;

/** The figures of the organization, or of one planner's clients and prospects (ADR 36). */
export const IndicatorFiguresSchema = z.object({
  /** Clients registered by the reference day and `ativo` then. */
  active_clients: count,
  /** Clients who registered in the period. */
  new_clients: count,
  /** Clients whose status became `encerrado` in the period (and still is). */
  lost_clients: count,
  /** Clients `em_pausa` on the reference day. */
  paused_clients: count,
  /** Prospects created in the period. */
  prospects: count,
  prospects_by_stage: ProspectsByStageSchema,
  /** Those prospects now `convertido`, as a share of them. */
  conversion_rate: share,
  /** Active clients with an import in the 30 days up to the reference day. */
  clients_with_recent_import: count,
  recent_import_share: share,
  /** Cash-flow lines dated (cash date) in the period, ignored ones aside, and those with a category. */
  lines: count,
  categorized_lines: count,
  categorized_share: share,
  /** Active clients with a plan of some expense in the budget month, and those whose expense did not pass it. */
  clients_with_budget: count,
  clients_within_budget: count,
  within_budget_share: share,
  /** Budget plannings sent to clients in the period, and those of them the client accepted. */
  plannings_sent: count,
  plannings_accepted: count,
  subscriptions: SubscriptionIndicatorsSchema.nullable(),
});
export type IndicatorFigures = z.infer<typeof IndicatorFiguresSchema>;

export const IndicatorPlannerSchema = z.object({ id: count, first_name: z.string(), last_name: z.string() });

/** One planner's row; `planner` null for the clients no planner advises. */
export const PlannerIndicatorsSchema = IndicatorFiguresSchema.extend({ planner: IndicatorPlannerSchema.nullable() });
export type PlannerIndicators = z.infer<typeof PlannerIndicatorsSchema>;

/** The organization's clients won and lost, and plannings, month by month of the period. */
export const IndicatorMonthSchema = z.object({
  /** "YYYY-MM". */
  month: z.string(),
  new_clients: count,
  lost_clients: count,
  plannings_sent: count,
  plannings_accepted: count,
});
export type IndicatorMonth = z.infer<typeof IndicatorMonthSchema>;

/** GET indicators/: the manager's indicators for a period. */
export const ManagerIndicatorsSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** The day "as of" figures are read on: the end, or today when the period runs on. */
  reference_day: z.string(),
  /** The month (its first day) whose plan "within budget" compares with: the reference day's. */
  budget_month: z.string(),
  organization: IndicatorFiguresSchema,
  planners: z.array(PlannerIndicatorsSchema),
  months: z.array(IndicatorMonthSchema),
});
export type ManagerIndicators = z.infer<typeof ManagerIndicatorsSchema>;

/** GET indicators/export-xls/: the same figures as an .xlsx workbook, sent as bytes. */
export const IndicatorsWorkbookSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array)
  .meta({ type: 'string', format: 'binary', description: 'Planilha .xlsx' });
