import { z } from 'zod';

/** When the debt ends at the current payment: month 1 is next month (in Brazil). Cents are integers. */
export const DebtPayoffSchema = z.object({
  months: z.number().int(),
  /** "YYYY-MM" of the last payment. */
  payoff_month: z.string(),
  total_paid: z.number().int(),
});
export type DebtPayoff = z.infer<typeof DebtPayoffSchema>;

/**
 * A client's debt. `balance` (outstanding) and `monthly_payment` are integer cents; `interest_rate` is
 * percent a month with at most 4 decimals; `installments_left` is null when unknown.
 * `payoff` is null exactly when `never_paid_off` is true: the payment does not beat the month's
 * interest (`monthly_interest`, cents), which is null otherwise.
 */
export const DebtSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  balance: z.number().int(),
  monthly_payment: z.number().int(),
  installments_left: z.number().int().nullable(),
  interest_rate: z.number(),
  payoff: DebtPayoffSchema.nullable(),
  never_paid_off: z.boolean(),
  monthly_interest: z.number().int().nullable(),
});
export type Debt = z.infer<typeof DebtSchema>;
