import { z } from 'zod';

/** The kinds of investment a client keeps, as written in the calls' paths. */
export const investmentKinds = [
  'private-pension',
  'investment-funds',
  'fixed-income',
  'stocks',
  'coe',
  'pension',
] as const;
export const InvestmentKindSchema = z.enum(investmentKinds);
export type InvestmentKind = z.infer<typeof InvestmentKindSchema>;

/** A fund held within an investment-funds investment; `cnpj` is 14 digits, no mask. */
export const InvestmentFundSchema = z.object({
  name: z.string(),
  cnpj: z.string(),
});
export type InvestmentFund = z.infer<typeof InvestmentFundSchema>;

/** The balance on one day ("YYYY-MM-DD" in Brazil), integer cents. */
export const InvestmentValueSchema = z.object({
  date: z.string(),
  balance: z.number().int(),
  gross_balance: z.number().int().nullable(),
});
export type InvestmentValue = z.infer<typeof InvestmentValueSchema>;

/**
 * A client's investment. Money fields are integer cents (`balance` net of taxes and fees); the
 * documents (`cnpj`, `cnpb`, `susep_process`) are digits only. Fields that do not apply to the kind
 * are null (`funds` empty). `history` is the balance over time, newest first, at most 36 points.
 */
export const InvestmentSchema = z.object({
  id: z.number().int(),
  kind: InvestmentKindSchema,
  name: z.string(),
  balance: z.number().int(),
  gross_balance: z.number().int().nullable(),
  monthly_contribution: z.number().int().nullable(),
  salary: z.number().int().nullable(),
  cnpj: z.string().nullable(),
  cnpb: z.string().nullable(),
  susep_process: z.string().nullable(),
  funds: z.array(InvestmentFundSchema),
  history: z.array(InvestmentValueSchema),
});
export type Investment = z.infer<typeof InvestmentSchema>;
