import { z } from 'zod';

/** Where lines come from: a bank account or a card a statement brought, or an account the client typed in. */
export const originKinds = ['bank_account', 'credit_card', 'manual'] as const;
export const OriginKindSchema = z.enum(originKinds);
export type OriginKind = z.infer<typeof OriginKindSchema>;

/** A client's account or card. Balances are integer cents; dates "YYYY-MM-DD". */
export const OriginSchema = z.object({
  id: z.number().int(),
  /** How Prumo names it everywhere: its nickname, else bank and number. */
  name: z.string(),
  nickname: z.string().nullable(),
  kind: OriginKindSchema,
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  branch: z.string().nullable(),
  account_number: z.string().nullable(),
  /** An ignored account's lines stay out of the cash flow. */
  ignored: z.boolean(),
  balance: z.number().int().nullable(),
  balance_date: z.string().nullable(),
  /** A card's bill due day and closing day of the month. */
  due_day: z.number().int().nullable(),
  closing_day: z.number().int().nullable(),
});
export type Origin = z.infer<typeof OriginSchema>;

export const IgnoredOriginSchema = z.object({ id: z.number().int(), ignored: z.boolean() });
export type IgnoredOrigin = z.infer<typeof IgnoredOriginSchema>;

/** One month of an account's lines: `month` is "MM/YYYY"; expense is negative. */
export const OriginMonthSchema = z.object({
  month: z.string(),
  transactions: z.number().int(),
  income: z.number().int(),
  expense: z.number().int(),
});
export type OriginMonth = z.infer<typeof OriginMonthSchema>;

/** origins-by-month/: every account, with its months that have lines in the period. */
export const OriginWithMonthsSchema = OriginSchema.extend({ months: z.array(OriginMonthSchema) });
export type OriginWithMonths = z.infer<typeof OriginWithMonthsSchema>;
