import { reminderPeriodicities } from '@prumo/domain/reminders/reminder-occurrences';
import { z } from 'zod';

/** USER: the client made it; RECOMMENDER: proposed from the cash flow's recurring lines. */
export const reminderTypes = ['USER', 'RECOMMENDER'] as const;
export const ReminderTypeSchema = z.enum(reminderTypes);
export type ReminderType = z.infer<typeof ReminderTypeSchema>;

/** ACTIVE: a reminder of the client's; PROPOSED: the recommender's, until the client accepts or dismisses it. */
export const reminderStatuses = ['ACTIVE', 'PROPOSED'] as const;
export const ReminderStatusSchema = z.enum(reminderStatuses);
export type ReminderStatus = z.infer<typeof ReminderStatusSchema>;

/** A bill reminder. Dates are "YYYY-MM-DD"; `amount` is the bill's expected value in integer cents. */
export const ReminderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().nullable(),
  /** The first due date; the others follow from it and the periodicity. */
  reminder_date: z.string(),
  periodicity: z.enum(reminderPeriodicities),
  type: ReminderTypeSchema,
  /** A PROPOSED reminder is neither sent nor shown in Fluxo futuro until accepted (PUT status ACTIVE). */
  status: ReminderStatusSchema,
  amount: z.number().int().nullable(),
  /** Remind the client before each due date. */
  user_reminder: z.boolean(),
  /** Show each occurrence in Fluxo futuro. */
  cashflow_reminder: z.boolean(),
});
export type Reminder = z.infer<typeof ReminderSchema>;

/** One due date of a reminder, and whether a line of the cash flow paid it. */
export const ReminderOccurrenceSchema = z.object({
  date: z.string(),
  /** A matching expense line arrived from 10 days before to 5 days after the date (ADR 23). */
  paid: z.boolean(),
  /** The cash-flow line that paid it; null while unpaid. */
  line_id: z.number().int().nullable(),
});
export type ReminderOccurrence = z.infer<typeof ReminderOccurrenceSchema>;

/** A reminder in its list: with its due dates (36 monthly, 3 yearly) and the next one to pay from today on. */
export const ReminderWithOccurrencesSchema = ReminderSchema.extend({
  occurrences: z.array(ReminderOccurrenceSchema),
  /** The first unpaid due date on or after today in Brazil; null when none is left. */
  next_occurrence: z.string().nullable(),
});
export type ReminderWithOccurrences = z.infer<typeof ReminderWithOccurrencesSchema>;
