import { planTypes } from '@prumo/domain/payments/plan-rules';
import { subscriptionStatuses } from '@prumo/domain/payments/subscription-states';
import { z } from 'zod';

export const SubscriptionStatusSchema = z.enum(subscriptionStatuses);

/**
 * A card the client saved with the gateway: only the gateway's card id (kept on the server), its
 * brand, last four digits and expiry — never a number or a CVV.
 */
export const SavedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last_four_digits: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  created_at: z.string(),
});
export type SavedCard = z.infer<typeof SavedCardSchema>;

/** POST payment/card/: a card tokenized by the browser with the organization's gateway. */
export const NewSavedCardSchema = z.object({ card_token: z.string() });

export const subscriptionChargeStatuses = ['processing', 'paid', 'failed', 'canceled'] as const;

/** One charge of a subscription: the first payment, a renewal or one of its retries, or a reactivation. */
export const SubscriptionChargeSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  status: z.enum(subscriptionChargeStatuses),
  /** The period's due date it pays ('YYYY-MM-DD'); the day it was made for a first payment. */
  due_date: z.string(),
  attempt: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The pt-BR reason a charge failed (translateGatewayError), null otherwise. */
  failure_message: z.string().nullable(),
  card: z.object({ brand: z.string(), last_four_digits: z.string() }).nullable(),
});
export type SubscriptionCharge = z.infer<typeof SubscriptionChargeSchema>;

/**
 * A client's subscription to a plan, with the plan's amounts as they were when it was proposed
 * (integer cents). `step` is the three-step flow: 1 proposed, 2 payment and signature (a card plan
 * not yet paid, or its first payment processing), 3 done (accepted, whatever happened since).
 */
export const SubscriptionSchema = z.object({
  id: z.number().int(),
  status: SubscriptionStatusSchema,
  step: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  plan: z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    type: z.enum(planTypes),
    plan_code: z.number().int(),
    hashed_id: z.string(),
  }),
  client: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  platform_amount: z.number().int(),
  service_amount: z.number().int(),
  recurrent_amount: z.number().int(),
  service_months: z.number().int(),
  total_amount: z.number().int(),
  payday: z.number().int().nullable(),
  card: SavedCardSchema.nullable(),
  last_payment_date: z.string().nullable(),
  next_payment_date: z.string().nullable(),
  last_payment_date_formatted: z.string().nullable(),
  next_payment_date_formatted: z.string().nullable(),
  /** Canceled: the first day without the plan (the paid period runs until then). */
  access_ends_on: z.string().nullable(),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** Newest first. */
  charges: z.array(SubscriptionChargeSchema),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** POST payment/subscriptions/: a client subscribes (or their planner or manager proposes, with `clientId`). */
export const NewSubscriptionSchema = z.object({ plan: z.number().int() });

export const SubscriptionAddressSchema = z.object({
  city: z.string(),
  complementary: z.string().optional(),
  country: z.string(),
  neighborhood: z.string(),
  /** Two letters; the web's CEP lookup fills it lowercase. */
  state: z.string(),
  street: z.string(),
  street_number: z.string(),
  /** Digits only (the web removes the hyphen). */
  zipcode: z.string(),
});

/**
 * POST payment/subscriptions/{id}/accept/. A platform plan: `{accepts: true}` alone. A card plan:
 * the address, the CPF and either a fresh `card_token` or a saved card's id in `creditCard`.
 * `accepts: false` rejects, as POST …/reject/ does.
 */
export const AcceptSubscriptionSchema = z.object({
  accepts: z.boolean(),
  address: SubscriptionAddressSchema.optional(),
  card_token: z.string().optional(),
  creditCard: z.number().int().optional(),
  cpf: z.string().optional(),
});

/** PUT payment/subscriptions/{id}/card/: the active subscription's card from now on. */
export const ChangeSubscriptionCardSchema = z.object({
  card_token: z.string().optional(),
  creditCard: z.number().int().optional(),
});

/** The caller's current subscription in me/ (null without one). */
export const CurrentSubscriptionSchema = z.object({
  id: z.number().int(),
  status: SubscriptionStatusSchema,
  plan_code: z.number().int(),
  plan_name: z.string(),
  last_payment_date_formatted: z.string().nullable(),
  next_payment_date_formatted: z.string().nullable(),
});
export type CurrentSubscription = z.infer<typeof CurrentSubscriptionSchema>;

/** A client's plan in the planner's and manager's client lists. */
export const CurrentPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  plan_code: z.number().int(),
  status: SubscriptionStatusSchema,
});
export type CurrentPlan = z.infer<typeof CurrentPlanSchema>;
