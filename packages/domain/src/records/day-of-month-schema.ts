import { z } from 'zod';

export const dayOfMonthMessage = 'Informe um dia entre 1 e 31.';

/**
 * A day of the month (a card's closing or due day): a whole number from 1 to 31, as a number or as
 * its digits (a form's text). Nothing else is turned into a day (`true`, `[5]`, `''` and `null` are
 * not 1, 5 or 0): a wrong day is refused with the field's message, never clamped or guessed.
 */
export const DayOfMonthSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, dayOfMonthMessage),
    ],
    { error: dayOfMonthMessage },
  )
  .transform(Number)
  .pipe(z.number().int(dayOfMonthMessage).min(1, dayOfMonthMessage).max(31, dayOfMonthMessage));
