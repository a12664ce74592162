import { cardBillStates } from '@prumo/domain/holdings/card-bills';
import { z } from 'zod';

/**
 * An account or card as Meu patrimônio lists it. Money is integer cents. An account's `balance` is
 * today's, derived from its known balance and the lines since; a card's is what it owes (its open
 * and closed bills not yet paid), as a negative amount.
 */
export const MyAccountSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['bank_account', 'credit_card']),
  /** How Prumo names it everywhere: the nickname, else bank and number. */
  name: z.string(),
  nickname: z.string().nullable(),
  bank: z.string().nullable(),
  number: z.string().nullable(),
  /** True for an account the client typed in (cash, a wallet), false for one a statement brought. */
  typed: z.boolean(),
  ignored: z.boolean(),
  balance: z.number().int().nullable(),
  balance_date: z.string().nullable(),
  /** Whether `balance` is the one a statement stated or the client informed (true) or derived from lines (false). */
  balance_known: z.boolean(),
  /** A card's closing and due days of the month and credit limit; null for an account. */
  closing_day: z.number().int().nullable(),
  due_day: z.number().int().nullable(),
  limit: z.number().int().nullable(),
});
export type MyAccount = z.infer<typeof MyAccountSchema>;

export const BalancePointSchema = z.object({
  date: z.string(),
  balance: z.number().int(),
  /** True when a statement stated it or the client informed it; false when derived from the lines. */
  known: z.boolean(),
});
export type BalancePoint = z.infer<typeof BalancePointSchema>;

/** account-details/: each account's balance month by month, with its known balance among the points. */
export const AccountDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  typed: z.boolean(),
  ignored: z.boolean(),
  balance: z.number().int().nullable(),
  known_balance: z.object({ balance: z.number().int(), date: z.string() }).nullable(),
  history: z.array(BalancePointSchema),
});
export type AccountDetails = z.infer<typeof AccountDetailsSchema>;

export const CardBillStateSchema = z.enum(cardBillStates);

export const CardBillSchema = z.object({
  id: z.number().int(),
  card_id: z.number().int(),
  closing_date: z.string(),
  due_date: z.string(),
  state: CardBillStateSchema,
  /** What the bill asks: its lines' purchases less refunds, or the client's correction. Positive. */
  amount: z.number().int(),
  /** What its lines add up to (positive when they are purchases), whatever the correction. */
  lines_amount: z.number().int(),
  corrected: z.boolean(),
  lines: z.number().int(),
  /** Instalments of earlier purchases expected on this bill that no statement brought yet (positive). */
  projected_instalments: z.number().int(),
  paid_on: z.string().nullable(),
  /** The checking-account line matched as this bill's payment. */
  payment_transaction_id: z.number().int().nullable(),
});
export type CardBill = z.infer<typeof CardBillSchema>;

/** credit-card-details/{idCard}/: the card and its bills, newest first. */
export const CreditCardDetailsSchema = z.object({
  card: MyAccountSchema,
  /** True when the card's closing and due days are unknown: its lines cannot be put on bills yet. */
  needs_days: z.boolean(),
  bills: z.array(CardBillSchema),
});
export type CreditCardDetails = z.infer<typeof CreditCardDetailsSchema>;

export const CardBillLineSchema = z.object({
  /** Null for a projected instalment, which is no stored line. */
  id: z.number().int().nullable(),
  date: z.string().nullable(),
  name: z.string(),
  /** Signed, as in the cash flow: a purchase is negative. */
  amount: z.number().int(),
  ignored: z.boolean(),
  projected: z.boolean(),
  instalment: z.object({ number: z.number().int(), count: z.number().int() }).nullable(),
});
export type CardBillLine = z.infer<typeof CardBillLineSchema>;

/** card-statment-details/{idStatment}/: one bill and its lines, projected instalments last. */
export const CardBillDetailsSchema = CardBillSchema.extend({
  card_name: z.string(),
  lines_list: z.array(CardBillLineSchema),
});
export type CardBillDetails = z.infer<typeof CardBillDetailsSchema>;

/** Net worth's parts, integer cents: what is owed (debts, card bills) is positive and taken off. */
export const NetWorthPartsSchema = z.object({
  accounts: z.number().int(),
  investments: z.number().int(),
  other_balances: z.number().int(),
  debts: z.number().int(),
  card_bills: z.number().int(),
  net_worth: z.number().int(),
});
export type NetWorthParts = z.infer<typeof NetWorthPartsSchema>;

/** my-assets/net-worth/: net worth today and at the end of each of the last 12 months (today for this one). */
export const NetWorthSchema = z.object({
  date: z.string(),
  current: NetWorthPartsSchema,
  months: z.array(NetWorthPartsSchema.extend({ month: z.string(), date: z.string() })),
});
export type NetWorth = z.infer<typeof NetWorthSchema>;
