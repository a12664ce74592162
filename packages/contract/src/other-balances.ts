import { z } from 'zod';

/** One value of a balance on a day ("YYYY-MM-DD"), in integer cents. */
export const OtherBalancePointSchema = z.object({
  balance: z.number().int(),
  date: z.string(),
});
export type OtherBalancePoint = z.infer<typeof OtherBalancePointSchema>;

/**
 * What a client has outside imported accounts (a property, a car, cash, FGTS). `balance` and `date`
 * are the latest value by date; `history` holds the values newest first, at most 36 of them.
 */
export const OtherBalanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  balance: z.number().int(),
  date: z.string(),
  history: z.array(OtherBalancePointSchema),
});
export type OtherBalance = z.infer<typeof OtherBalanceSchema>;
