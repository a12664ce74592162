import { z } from 'zod';
import { FlowAmountsSchema } from './future-flow';
import { CardBillStateSchema } from './my-assets';
import { TaskSchema } from './tasks';

/** A bill to pay soon: a card bill not yet paid, or a reminder's next due date. Amounts positive, in cents. */
export const UpcomingBillSchema = z.object({
  kind: z.enum(['card_bill', 'reminder']),
  /** The bill's id (card-statment-details/) or the reminder's (bill-reminder/). */
  id: z.number().int(),
  title: z.string(),
  due_date: z.string(),
  /** Null for a reminder without an expected amount. */
  amount: z.number().int().nullable(),
  /** A card bill's state; null for a reminder. */
  state: CardBillStateSchema.nullable(),
  /** The card of a card bill; null for a reminder. */
  card_id: z.number().int().nullable(),
});
export type UpcomingBill = z.infer<typeof UpcomingBillSchema>;

/**
 * client-home/: the client's home page — balances, this month so far against the plan, the bills
 * due soon, open tasks and net worth — the figures of the screens each links to.
 */
export const ClientHomeSchema = z.object({
  date: z.string(),
  accounts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      kind: z.enum(['bank_account', 'credit_card']),
      balance: z.number().int().nullable(),
      balance_known: z.boolean(),
    }),
  ),
  /** The accounts' balances together (cards and ignored accounts apart). */
  accounts_total: z.number().int(),
  /** What the cards owe: their open and closed bills not yet paid, positive. */
  cards_owed: z.number().int(),
  month: z.object({
    month: z.string(),
    /** What happened so far this month. */
    summary: FlowAmountsSchema,
    /** What the plan the month follows expects; zeros without one. */
    planned: FlowAmountsSchema,
    has_plan: z.boolean(),
  }),
  /** Card bills and reminders due from today to 30 days ahead (and card bills closed and not paid), soonest first. */
  upcoming_bills: z.array(UpcomingBillSchema),
  open_tasks: z.object({ count: z.number().int(), latest: z.array(TaskSchema) }),
  net_worth: z.object({
    net_worth: z.number().int(),
    /** Net worth at the end of last month, and the change since. */
    last_month: z.number().int(),
    change: z.number().int(),
  }),
});
export type ClientHome = z.infer<typeof ClientHomeSchema>;
