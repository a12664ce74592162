import { investmentReturnMethod } from '@prumo/domain/performance/performance-figures';
import { z } from 'zod';

/**
 * GET my-performance/ (Meu desempenho). Amounts are integer cents; rates are fractions with four
 * decimals (0.125 = 12,5 %); `month` is "YYYY-MM", `date` the month as "MM/YYYY". Income, expense
 * and result follow the month rule (result = income − expense, investments apart) and are the
 * same figures Fluxo futuro and Orçamento do mês show for those months.
 */

const RateSchema = z.number().nullable();

/** Planned figures of a month (the plan it follows) or of the period. */
export const PlannedFiguresSchema = z.object({
  income: z.number().int(),
  expense: z.number().int(),
  result: z.number().int(),
});
export type PlannedFigures = z.infer<typeof PlannedFiguresSchema>;

export const PerformanceFiguresSchema = z.object({
  income: z.number().int(),
  expense: z.number().int(),
  /** What was saved: income − expense. */
  result: z.number().int(),
  /** Result ÷ income; null without income. */
  savingsRate: RateSchema,
  /** Net money put into investments (out of them when negative): apart from the result. */
  invested: z.number().int(),
  planned: PlannedFiguresSchema,
});
export type PerformanceFigures = z.infer<typeof PerformanceFiguresSchema>;

export const PerformanceMonthSchema = PerformanceFiguresSchema.extend({
  month: z.string(),
  date: z.string(),
  /** The month whose plan this month follows ("YYYY-MM"), null when nothing was planned up to it. */
  plannedFrom: z.string().nullable(),
  /** Net worth at the end of the month (today for the current one); null outside the months it is known for. */
  netWorth: z.number().int().nullable(),
});
export type PerformanceMonth = z.infer<typeof PerformanceMonthSchema>;

export const KeptAmountsSchema = z.object({
  planned: z.number().int(),
  actual: z.number().int(),
  /** Planned − actual: negative when more was spent than planned. */
  difference: z.number().int(),
  overBudget: z.boolean(),
});
export type KeptAmounts = z.infer<typeof KeptAmountsSchema>;

/**
 * The budget kept: expense categories, planned against actual, added over the months that follow
 * a plan (months with nothing planned up to them are left out of both sides).
 */
export const BudgetKeptSchema = z.object({
  monthsPlanned: z.number().int(),
  categories: z.array(
    KeptAmountsSchema.extend({ category: z.object({ id: z.number().int().nullable(), name: z.string() }) }),
  ),
  total: KeptAmountsSchema,
});
export type BudgetKept = z.infer<typeof BudgetKeptSchema>;

const NetWorthPointSchema = z.object({ month: z.string(), date: z.string(), amount: z.number().int() });

/** Net worth's change from the end of the first month to the end of the last (null where unknown). */
export const NetWorthChangeSchema = z.object({
  from: NetWorthPointSchema.nullable(),
  to: NetWorthPointSchema.nullable(),
  change: z.number().int().nullable(),
});
export type NetWorthChange = z.infer<typeof NetWorthChangeSchema>;

/** The investments' return over the period: one figure, its method named and explained. */
export const InvestmentReturnSchema = z.object({
  method: z.literal(investmentReturnMethod),
  /** How it is computed, in words the screen shows. */
  explanation: z.string(),
  /**
   * The first month measured ("YYYY-MM"): the period's first, or the month after the latest
   * investment first recorded inside the period; null when that is past the period's end.
   */
  measuredFrom: z.string().nullable(),
  /** At the end of the month before `measuredFrom` (today's balances when nothing is measured). */
  initialBalance: z.number().int(),
  finalBalance: z.number().int(),
  /** Put in less taken out from `measuredFrom` on, through the cash flow (lines of investment categories). */
  netContributions: z.number().int(),
  gain: z.number().int(),
  /** Gain ÷ (initial balance + half the net contributions); null when nothing was at work or measured. */
  rate: RateSchema,
  /** Investments with a balance known by the period's end. */
  investments: z.number().int(),
});
export type InvestmentReturn = z.infer<typeof InvestmentReturnSchema>;

export const MyPerformanceSchema = z.object({
  start: z.string(),
  end: z.string(),
  currentMonth: z.string(),
  period: PerformanceFiguresSchema,
  months: z.array(PerformanceMonthSchema),
  budget: BudgetKeptSchema,
  netWorth: NetWorthChangeSchema,
  investments: InvestmentReturnSchema,
});
export type MyPerformance = z.infer<typeof MyPerformanceSchema>;
