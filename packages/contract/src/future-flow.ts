import { plannedSeriesName, projectedSeriesName } from '@prumo/domain/future-flow/balance-projection';
import { taskStatuses } from '@prumo/domain/tasks/task-rules';
import { z } from 'zod';

/**
 * The future flow's answers (docs/future-flow-api.md). Amounts are integer cents; `date` is the
 * month as "MM/YYYY", `month` the month's first day ("2026-11-01").
 */

/** A month's figures under the month rule: result = income − expense, investments apart. */
export const FlowAmountsSchema = z.object({
  income: z.number().int(),
  expense: z.number().int(),
  /** Investments and other money that changes place: apart from income and expense. */
  assetTransfer: z.number().int(),
  /** Income less expense. */
  result: z.number().int(),
});
export type FlowAmounts = z.infer<typeof FlowAmountsSchema>;

/** A bill reminder's occurrence in the month (`cashflow_reminder` on, amount known). */
export const ReminderDueSchema = z.object({
  /** The reminder's id. */
  id: z.number().int(),
  name: z.string(),
  /** The due day, "YYYY-MM-DD". */
  date: z.string(),
  amount: z.number().int(),
});
export type ReminderDue = z.infer<typeof ReminderDueSchema>;

/** A debt's payment in the month, until its payoff month. */
export const DebtPaymentDueSchema = z.object({
  /** The debt's id. */
  id: z.number().int(),
  name: z.string(),
  amount: z.number().int(),
  /** The payoff month's payment: the debt ends with it. */
  lastPayment: z.boolean(),
});
export type DebtPaymentDue = z.infer<typeof DebtPaymentDueSchema>;

/**
 * What is due in the month ("Lembretes de contas", "Dívidas"): shown beside the plan, never added
 * to `planned` nor to the balance series (ADR 24). Empty before the current month.
 */
export const ExpectedPaymentsSchema = z.object({
  reminders: z.object({ total: z.number().int(), items: z.array(ReminderDueSchema) }),
  debts: z.object({ total: z.number().int(), items: z.array(DebtPaymentDueSchema) }),
  /** Reminders and debts together, in cents. */
  total: z.number().int(),
});
export type ExpectedPayments = z.infer<typeof ExpectedPaymentsSchema>;

/** A month of the future flow: its budget, planning task, what happened, what was planned and what is due. */
export const FutureFlowMonthSchema = z.object({
  /** The month's own budget, or null when it has none. */
  id: z.number().int().nullable(),
  date: z.string(),
  month: z.string(),
  taskId: z.number().int().nullable(),
  taskStatus: z.enum(taskStatuses).nullable(),
  /** What happened (the cash flow). */
  summary: FlowAmountsSchema,
  planned: FlowAmountsSchema,
  /** The budget the planned amounts come from (this month's, or an earlier one carried forward). */
  plannedFrom: z.object({ budget: z.number().int(), month: z.string(), date: z.string() }).nullable(),
  carried: z.boolean(),
  expected: ExpectedPaymentsSchema,
});
export type FutureFlowMonth = z.infer<typeof FutureFlowMonthSchema>;

/** GET future-flow/: every month of the range, with the ideal budget's totals when asked (`ideal=true`). */
export const FutureFlowMonthsSchema = z.object({
  count: z.number().int(),
  next: z.null(),
  previous: z.null(),
  startDate: z.string(),
  endDate: z.string(),
  currentMonth: z.string(),
  /** Null when the client has no ideal budget; absent unless asked. */
  ideal: FlowAmountsSchema.extend({ id: z.number().int() }).nullable().optional(),
  results: z.array(FutureFlowMonthSchema),
});
export type FutureFlowMonths = z.infer<typeof FutureFlowMonthsSchema>;

/** A balance series ('Saldo planejado' or 'Saldo projetado'): balances at the end of each month. */
export const BalanceSeriesSchema = z.object({
  name: z.enum([plannedSeriesName, projectedSeriesName]),
  /** Round amounts (cents) for the value axis. */
  ticks: z.array(z.number().int()),
  data: z.array(z.object({ date: z.string(), amount: z.number().int() })),
});
export type BalanceSeries = z.infer<typeof BalanceSeriesSchema>;

/** GET future-flow/chart: the 'Saldo planejado' and 'Saldo projetado' series of the range. */
export const FutureFlowChartSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  currentMonth: z.string(),
  /** The balance the series start from: the accounts' known balances, or 0 when none is known. */
  openingBalance: z.object({
    amount: z.number().int(),
    date: z.string(),
    source: z.enum(['accounts', 'none']),
    accounts: z.number().int(),
  }),
  series: z.array(BalanceSeriesSchema),
  months: z.array(z.object({ date: z.string(), plannedResult: z.number().int(), projectedResult: z.number().int() })),
});
export type FutureFlowChart = z.infer<typeof FutureFlowChartSchema>;
